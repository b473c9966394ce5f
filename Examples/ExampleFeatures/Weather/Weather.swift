import CasePaths
import Dependencies
import Sluice
import SluiceMacroSupport

/// The forecast for a city, fetched from a ``WeatherClient``: the example of dependencies
/// (swift-dependencies, through the `SluiceDependencies` product) and of sending through case
/// key paths (swift-case-paths, through the `SluiceCasePaths` product).
///
/// - The reducer reads its client with `@Dependency(\.weatherClient)`. Whoever runs the
///   feature chooses it, and the clock the client's latency sleeps on, with
///   `Weather().dependencies { $0.weatherClient = …; $0.continuousClock = … }`; the fetch's
///   job, which runs later in a task of its own, sees the values the reducer saw.
/// - `Action` is `@CasePathable`, so a store sends `store.send(\.cityChanged, "Oslo")`.
@Feature
public struct Weather: Sendable {
  /// The city typed and its forecast.
  public struct State: Equatable, Sendable, Codable {
    /// The city to fetch the forecast of.
    public var city: String
    /// The last forecast fetched, and whether a fetch is in flight.
    public var forecast: AsyncState<Forecast>

    /// Creates a state; by default no city and no forecast.
    public init(city: String = "", forecast: AsyncState<Forecast> = .idle) {
      self.city = city
      self.forecast = forecast
    }
  }

  /// What a user, or the weather service, can do.
  @CasePathable
  public enum Action: Equatable, Sendable, Codable {
    /// The user typed a city. A fetch in flight, for the city before, is dropped.
    case cityChanged(String)
    /// Fetches the forecast of the city, replacing a fetch in flight; a blank city fetches
    /// nothing.
    case fetch
    /// The forecast arrived.
    case forecastLoaded(Forecast)
    /// The fetch failed; the previous forecast is kept.
    case forecastFailed(AsyncFailure)
  }

  private enum CancelID: Hashable, Sendable {
    case fetch
  }

  /// Where forecasts come from: `WeatherClient.liveValue` unless the feature is run with
  /// another (`.dependencies { $0.weatherClient = … }`).
  @Dependency(\.weatherClient) var weatherClient

  /// Creates the feature; its client and clock are dependency values.
  public init() {}

  /// Applies one action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .cityChanged(let city):
      state.city = city
      state.forecast.cancelLoading()
      return .cancel(id: CancelID.fetch)

    case .fetch:
      guard !state.city.allSatisfy(\.isWhitespace) else { return .none }
      state.forecast.startLoading()
      let client = weatherClient
      let city = state.city
      return .run(name: "fetch forecast") { send in
        await send(.forecastLoaded(try await client.forecast(city)))
      } catch: { error, send in
        await send(.forecastFailed(AsyncFailure(error)))
      }
      .cancellable(id: CancelID.fetch, cancelInFlight: true)

    case .forecastLoaded(let forecast):
      state.forecast.succeed(forecast)
      return .none

    case .forecastFailed(let failure):
      state.forecast.fail(failure)
      return .none
    }
  }
}
