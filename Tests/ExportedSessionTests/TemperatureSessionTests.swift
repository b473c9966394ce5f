// Exported by sluice on 2026-11-28 from a debugging session of the feature 'temperature':
// its 41 actions, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct TemperatureSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<Temperature.State, Temperature.Action> = try TestStore(
      feature: "temperature", in: exampleFeatures, cycleDetection: CycleDetection(policy: .break), clock: clock)

    await store.send(.setCelsius(100.0)) {
      $0.celsius = 100.0
    }

    await store.receive(.setFahrenheit(212.0)) {
      $0.fahrenheit = 212.0
    }

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.receive(.setFahrenheit(212.0))

    await store.receive(.setCelsius(100.0))

    await store.finish()

    // The cycle detector fired, as in the session (`info cycles`).
    #expect(store.cycleWarnings.map(\.cycleDescription) == [".setCelsius → .setFahrenheit → .setCelsius"])
  }
}
