import Sluice
import SluiceDebugger
import SluiceReporting
import Testing

/// `help` speaks of the feature being debugged: its examples name that feature's cases and
/// state (observed on 5c7706d: every debugger showed `.add(title:)` and `count`).
@MainActor
@Suite struct HelpExamplesTests {
  @Test func examplesNameTheCurrentFeaturesCasesAndState() async {
    let run = await ShellFixture.run(["use checkout", "help break", "help expect", "help send"])
    let examples = run.lines.filter { $0.hasPrefix("example: ") }
    #expect(examples.count == 3)
    #expect(examples[0].hasPrefix("example: break checkout if items == []"))
    #expect(examples[1] == "example: expect items == []")
    #expect(examples[2] == "example: send .checkout")
  }

  /// A feature whose actions have no description (a plain `Codable` enum) is given no
  /// example that names Sluice's example features (issue 49: `help send` showed
  /// `send .add(title: "Milk")`): the last action it was sent, once there is one.
  @Test func aFeatureWithoutScriptableActionsIsShownNoOtherFeaturesExample() async throws {
    let registry = FeatureRegistry([Feature("order-book", summary: "Orders", initialState: OrderBook.State()) { _ in OrderBook() }])
    let interpreter = CommandInterpreter(debugger: Debugger(registry: registry), origin: .script)
    #expect(try await example(of: "send", in: interpreter) == "")
    #expect(TextRenderer().lines(for: try #require(await interpreter.execute(line: "help send")).result.get())
      .allSatisfy { !$0.hasPrefix("example:") })
    _ = await interpreter.execute(line: ".place(3)")
    #expect(try await example(of: "send", in: interpreter) == "send .place(3)")
    #expect(try await example(of: "export", in: interpreter) == "export test Tests/OrderBookTests/OrderBookSessionTests.swift")
  }

  private func example(of command: String, in interpreter: CommandInterpreter) async throws -> String {
    let outcome = try #require(await interpreter.execute(line: "help " + command))
    guard case .help(.command(_, let example)) = try outcome.result.get() else {
      Issue.record("no help for \(command)")
      return ""
    }
    return example
  }
}

/// A feature whose actions are a plain `Codable` enum, as a user's may be.
private struct OrderBook: Reducer {
  struct State: Codable, Equatable, Sendable { var orders: [Int] = [] }
  enum Action: Codable, Equatable, Sendable { case place(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .place(let quantity) = action { state.orders.append(quantity) }
    return .none
  }
}
