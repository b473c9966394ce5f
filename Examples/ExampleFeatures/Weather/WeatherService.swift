import Dependencies
import Sluice
import SluiceDependencies

/// A forecast service for a server or a command-line program: an actor of its own owns a
/// `Weather` store, which reduces, runs its fetch's job and hears the job's answer on this
/// actor, never on the main actor. The example of a store off the main actor.
///
/// ```swift
/// let service = WeatherService()
/// let forecast = await service.forecast(for: "Oslo")   // .loaded(Oslo: -3 °C, Snow)
/// ```
///
/// Requests are served in the order they reach the actor. The actor is re-entrant, as every
/// actor is, at its `await`s: a request for another city, made while a fetch is in flight,
/// replaces that fetch, as the feature does for a user who types a new city, and the earlier
/// request returns what the store holds then.
public actor WeatherService {
  /// The store lives here: `isolation: self` binds it to this actor. `lazy`, because an
  /// actor's initialiser cannot hand out `self` before every property is set.
  private lazy var store = Store(
    initialState: Weather.State(), reducer: weather, clock: clock, isolation: self)
  private let weather: WithDependencies<Weather>
  private let clock: any Clock<Duration>

  /// Creates a service that fetches from `client`; its latency and timed effects run on
  /// `clock`.
  public init(client: WeatherClient = .liveValue, clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
    weather = Weather().dependencies {
      $0.weatherClient = client
      $0.continuousClock = clock
    }
  }

  /// Fetches the forecast of `city` and returns the outcome: loaded, or failed with the
  /// forecast before kept beside the failure.
  public func forecast(for city: String) async -> AsyncState<Forecast> {
    store.send(.cityChanged(city))
    await store.send(.fetch).finish()
    return store.state.forecast
  }

  /// The city and forecast the service holds now.
  public var state: Weather.State { store.state }
}
