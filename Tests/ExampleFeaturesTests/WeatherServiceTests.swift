import Clocks
import ExampleFeatures
import Sluice
import Testing

/// `WeatherService` owns a `Weather` store on an actor of its own: the fetch's job answers
/// there, on the service's clock.
struct WeatherServiceTests {
  static let oslo = Forecast(city: "Oslo", celsius: -3, summary: "Snow")

  @Test func aForecastIsFetchedOnTheServicesActorAfterTheClientsLatency() async {
    let clock = ManualClock()
    let service = WeatherService(client: .inMemory(latency: .milliseconds(400)), clock: clock)

    async let forecast = service.forecast(for: "Oslo")
    await clock.waitForSleepers(1)
    #expect(await service.state.forecast == .loading(previous: nil))
    clock.advance(by: .milliseconds(400))

    #expect(await forecast == .loaded(Self.oslo))
    #expect(await service.state.city == "Oslo")
  }

  @Test func aFailureKeepsTheForecastBefore() async {
    let service = WeatherService(client: .inMemory(), clock: ManualClock())
    #expect(await service.forecast(for: "Oslo") == .loaded(Self.oslo))

    let failure = AsyncFailure(message: #"no forecast for "Atlantis""#, category: .notFound)
    #expect(await service.forecast(for: "Atlantis") == .failed(failure, previous: Self.oslo))
  }

  @Test func aRequestForAnotherCityReplacesTheFetchInFlight() async {
    let clock = ManualClock()
    let service = WeatherService(client: .inMemory(latency: .milliseconds(400)), clock: clock)

    async let first = service.forecast(for: "Oslo")
    await clock.waitForSleepers(1)
    async let second = service.forecast(for: "Lisbon")
    // The first fetch was dropped when the city changed: its caller hears at once, and sees
    // the store fetching Lisbon.
    #expect(await first == .loading(previous: nil))
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(400))

    let lisbon = WeatherClient.defaultForecasts["lisbon"]!
    #expect(await second == .loaded(lisbon))
    #expect(await service.state.city == "Lisbon")
  }
}
