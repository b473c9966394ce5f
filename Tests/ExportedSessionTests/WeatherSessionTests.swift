// Exported by sluice on 2026-11-28 from a debugging session of the feature 'weather':
// its 3 actions, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct WeatherSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<Weather.State, Weather.Action> = try TestStore(
      feature: "weather", in: exampleFeatures, clock: clock)

    await store.send(.cityChanged("Oslo")) {
      $0.city = "Oslo"
    }

    await store.send(.fetch) {
      $0.forecast = .loading(previous: nil)
    }

    await store.advance(by: .milliseconds(400))
    await store.receive(.forecastLoaded(Forecast(city: "Oslo", celsius: -3, summary: "Snow"))) {
      $0.forecast = .loaded(Forecast(city: "Oslo", celsius: -3, summary: "Snow"))
    }

    await store.finish()
  }
}
