import Sluice
import SluiceDebugger
import Testing

/// The exception filters the adapter stops at itself, from what the store reports: a job that
/// failed, an action dropped unreduced. Off, they stop nothing.
@MainActor
@Suite struct AdapterExceptionFilterTests {
  @Test(arguments: [true, false])
  func aDroppedActionStopsWithItsReasonWhenTheFilterIsOn(filterOn: Bool) async throws {
    let client = DAPTestClient()
    _ = try await client.start(#"{"feature":"counter","virtualClock":true}"#)
    let filters = try await client.send("setExceptionBreakpoints", filterOn ? #"{"filters":["dropped"]}"# : #"{"filters":[]}"#)
    #expect(filters.success)
    for line in [".increment", "pause", ".increment"] {
      #expect(try await client.send("evaluate", #"{"expression":"\#(line)","context":"repl"}"#).success)
    }
    // Back to #0 with an action queued: the jump abandons it.
    let back = try await client.send("stepBack", #"{"threadId":1}"#)
    let stop = try #require(back.events("stopped").last)
    if filterOn {
      #expect(stop["body"]?["reason"]?.text == "exception")
      #expect(stop["body"]?["description"]?.text?.contains("dropped .increment") == true, "\(stop)")
    } else {
      #expect(stop["body"]?["reason"]?.text == "step")
    }
  }

  @Test(arguments: [true, false])
  func aJobThatThrowsStopsWhenTheFilterIsOn(filterOn: Bool) async throws {
    let feature = Feature("flaky", summary: "a fetch that fails", initialState: Flaky.State()) { _ in Flaky() }
    let client = DAPTestClient(registry: FeatureRegistry([feature]))
    _ = try await client.start(#"{"feature":"flaky","virtualClock":true}"#)
    let filters = try await client.send("setExceptionBreakpoints", filterOn ? #"{"filters":["failedJob","cycle"]}"# : #"{"filters":["cycle"]}"#)
    #expect(filters.body?["breakpoints"] == .array(Array(repeating: .object(["verified": .boolean(true)]), count: filterOn ? 2 : 1)))
    let sent = try await client.send("evaluate", #"{"expression":".fetch","context":"repl"}"#)
    let stop = try #require(sent.events("stopped").last)
    if filterOn {
      #expect(stop["body"]?["reason"]?.text == "exception")
      #expect(stop["body"]?["description"]?.text?.contains("fetch") == true, "\(stop)")
    } else {
      #expect(stop["body"]?["reason"]?.text == "step")
    }
  }

  @Test func theFiltersAreAdvertisedAndAnUnknownOneIsRefused() async throws {
    let client = DAPTestClient()
    let initialized = try await client.send("initialize", #"{"adapterID":"sluice"}"#)
    guard case .array(let filters)? = initialized.body?["exceptionBreakpointFilters"] else { throw TestFailure("no filters") }
    #expect(filters.compactMap { $0["filter"]?.text } == ["cycle", "failedJob", "dropped"])
    let refused = try await client.send("setExceptionBreakpoints", #"{"filters":["panic"]}"#)
    #expect(!refused.success)
    #expect(refused.message?.contains("panic") == true)
  }
}

/// A feature whose fetch fails at once: its job throws on the store's actor.
struct Flaky: Reducer {
  struct State: Equatable, Codable, Sendable {
    var tries = 0
  }

  enum Action: Equatable, Codable, Sendable {
    case fetch
  }

  struct Unavailable: Error {}

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.tries += 1
    return .run(name: "fetch", on: .storeActor) { _ in throw Unavailable() }
  }
}
