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
