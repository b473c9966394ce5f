import SluiceDebugger
import Sluice
import SluiceReporting
import Testing

/// A feature whose `.fetch` throws once armed: `shrink` without a condition keeps the job
/// that failed.
private struct Flaky: Reducer {
  struct State: Codable, Equatable, Sendable {
    var armed = false
    var fetches = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case arm
    case disarm
    case fetch
    case note(String)
  }

  struct Broken: Error {}

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .arm: state.armed = true
    case .disarm: state.armed = false
    case .note: break
    case .fetch:
      state.fetches += 1
      let armed = state.armed
      return .run(name: "fetch") { _ in if armed { throw Broken() } }
    }
    return .none
  }
}

@MainActor
@Suite struct FailedJobShrinkTests {
  @Test func withoutAConditionTheSessionsFailedJobIsKept() async throws {
    let registry = FeatureRegistry(
      [Feature("flaky", summary: "Fails once armed", initialState: Flaky.State()) { _ in Flaky() }],
      importedAs: "Fixtures.flaky")
    let debugger = Debugger(registry: registry, options: .forTests(usesVirtualClock: true))
    let interpreter = CommandInterpreter(debugger: debugger, origin: .script)
    for line in [".fetch", #".note("a")"#, ".arm", #".note("b")"#, ".fetch", "wait", ".disarm", ".fetch", "wait"] {
      let outcome = try #require(await interpreter.execute(line: line))
      _ = try outcome.result.get()
    }
    let outcome = try #require(await interpreter.execute(line: "shrink"))
    guard case .answer(let answer) = try outcome.result.get(), let shrinking = answer as? Shrinking else {
      Issue.record("no shrink answer")
      return
    }
    #expect(shrinking.goal == "job 'fetch' failed")
    #expect(shrinking.kept.map(\.action) == [".arm", ".fetch"])
    #expect(shrinking.stop == .minimal)
    let session = try #require(debugger.current)
    let test = try session.files.describeTest(registry: "Fixtures.flaky", origin: "a test", name: "T")
    #expect(test.failure == .failedJob("fetch"))
    #expect(ExportedTest(test).source.contains(#"#expect(!store.failedJobs.map(\.name).contains("fetch"))"#))
  }
}
