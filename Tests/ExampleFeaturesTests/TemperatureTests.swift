import ExampleFeatures
import Sluice
import Testing

@MainActor
@Suite struct TemperatureTests {
  @Test func theFixedMiddlewareSettleAfterOneHop() async {
    let store = Store(
      initialState: Temperature.State(), reducer: Temperature(),
      middleware: Temperature.middleware(syncsOnlyChanges: true))

    await store.send(.setCelsius(100)).finish()
    #expect(store.state == Temperature.State(celsius: 100, fahrenheit: 212))
    await store.send(.setFahrenheit(-40)).finish()
    #expect(store.state == Temperature.State(celsius: -40, fahrenheit: -40))
  }

  /// Edits sent one after the other end on the last: each middleware's job runs on the
  /// store's actor, so its send follows the edit it answers. Off the actor, the jobs of
  /// three quick edits sent in whatever order their tasks ran, and the fields could end on
  /// the second edit (found by `HistoryLimitModelTests`: two sessions disagreed). Repeated,
  /// so that any order the tasks could take comes up.
  @Test func quickEditsEndOnTheLastEdit() async {
    for _ in 0..<200 {
      let store = Store(
        initialState: Temperature.State(), reducer: Temperature(),
        middleware: Temperature.middleware(syncsOnlyChanges: true))
      let edits = [store.send(.setCelsius(0)), store.send(.setFahrenheit(212)), store.send(.setCelsius(0))]
      for edit in edits { await edit.finish() }
      await store.idle()
      #expect(store.state == Temperature.State(celsius: 0, fahrenheit: 32))
      if store.state != Temperature.State(celsius: 0, fahrenheit: 32) { return }
    }
  }

  @Test func theEchoingMiddlewareLoopUntilTheDetectorBreaksTheChain() async {
    let store = Store(
      initialState: Temperature.State(), reducer: Temperature(),
      middleware: Temperature.middleware(syncsOnlyChanges: false),
      cycleDetection: CycleDetection(frequency: nil, maximumDepth: 30, policy: .break),
      monitor: nil)

    await store.send(.setCelsius(100)).finish()

    // Broken at depth 31: the loop ends, and the fields agree.
    #expect(store.state == Temperature.State(celsius: 100, fahrenheit: 212))
    await store.idle()
  }
}
