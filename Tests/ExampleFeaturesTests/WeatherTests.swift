import CasePaths
import Clocks
import Dependencies
import ExampleFeatures
import Sluice
import SluiceCasePaths
import SluiceDependencies
import SluiceTesting
import Testing

/// `Weather` runs with the client and clock its tests give it through `.dependencies { … }`,
/// and its `@CasePathable` action is sent through case key paths.
@MainActor
struct WeatherTests {
  let clock = ManualClock()

  static let oslo = Forecast(city: "Oslo", celsius: -3, summary: "Snow")

  /// The feature with the in-memory client, whose 400 ms latency sleeps on the test's clock:
  /// the clock reaches the client inside the fetch's job, which runs after the reducer.
  func makeStore(_ state: Weather.State = Weather.State()) -> TestStore<Weather.State, Weather.Action> {
    let clock = clock
    return TestStore(
      initialState: state,
      reducer: Weather().dependencies {
        $0.weatherClient = .inMemory(latency: .milliseconds(400))
        $0.continuousClock = clock
      },
      clock: clock, timeout: hangGuard)
  }

  @Test func theForecastArrivesAfterTheClientsLatency() async {
    let store = makeStore()
    await store.send(.cityChanged("Oslo")) { $0.city = "Oslo" }
    await store.send(.fetch) { $0.forecast = .loading(previous: nil) }
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(399))
    #expect(store.state.forecast == .loading(previous: nil))
    clock.advance(by: .milliseconds(1))
    await store.receive(.forecastLoaded(Self.oslo)) { $0.forecast = .loaded(Self.oslo) }
    await store.finish()
  }

  @Test func anUnknownCityFailsAndKeepsTheForecastShown() async {
    let store = makeStore(Weather.State(city: "Oslo", forecast: .loaded(Self.oslo)))
    await store.send(.cityChanged("Atlantis")) { $0.city = "Atlantis" }
    await store.send(.fetch) { $0.forecast = .loading(previous: Self.oslo) }
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(400))
    let failure = AsyncFailure(message: #"no forecast for "Atlantis""#, category: .notFound)
    await store.receive(.forecastFailed(failure)) { $0.forecast = .failed(failure, previous: Self.oslo) }
    await store.finish()
  }

  @Test func changingTheCityDropsTheFetchInFlight() async {
    let store = makeStore(Weather.State(city: "Oslo"))
    await store.send(.fetch) { $0.forecast = .loading(previous: nil) }
    await clock.waitForSleepers(1)
    await store.send(.cityChanged("Lisbon")) {
      $0.city = "Lisbon"
      $0.forecast = .idle
    }
    clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aBlankCityFetchesNothing() async {
    let store = makeStore(Weather.State(city: "  "))
    await store.send(.fetch)
    await store.finish()
  }

  /// A test chooses the client: here one that answers every city at once, with fog.
  @Test func theFeatureFetchesFromTheClientItIsGiven() async {
    let store = TestStore(
      initialState: Weather.State(city: "Atlantis"),
      reducer: Weather().dependencies {
        $0.weatherClient = WeatherClient { city in Forecast(city: city, celsius: 9, summary: "Fog") }
      }, timeout: hangGuard)
    let fog = Forecast(city: "Atlantis", celsius: 9, summary: "Fog")
    await store.send(.fetch) { $0.forecast = .loading(previous: nil) }
    await store.receive(.forecastLoaded(fog)) { $0.forecast = .loaded(fog) }
    await store.finish()
  }

  /// `SluiceCasePaths`: the action is `@CasePathable`, so a store sends through its case key
  /// paths, with a payload or without.
  @Test func caseKeyPathsSendTheFeaturesActions() async {
    let store = Store(
      initialState: Weather.State(),
      reducer: Weather().dependencies {
        $0.weatherClient = .inMemory()
        $0.continuousClock = ImmediateClock()
      })
    store.send(\.cityChanged, "Lisbon")  // .cityChanged("Lisbon")
    await store.send(\.fetch).finish()   // .fetch
    #expect(store.state.city == "Lisbon")
    #expect(store.state.forecast == .loaded(Forecast(city: "Lisbon", celsius: 21, summary: "Sunny")))
  }

  @Test func caseKeyPathsReadTheFeaturesActions() {
    let action = Weather.Action.cityChanged("Oslo")
    #expect(Weather.Action.allCasePaths.cityChanged.extract(from: action) == "Oslo")
    #expect(action.is(\.cityChanged))
    #expect(!action.is(\.fetch))
  }
}
