import Dependencies
import Sluice

/// Where `Weather` gets forecasts: a swift-dependencies client, read in the feature with
/// `@Dependency(\.weatherClient)` and chosen by whoever runs it with
/// `Weather().dependencies { $0.weatherClient = … }`.
///
/// The live value is ``inMemory(forecasts:latency:)`` (an example has no network to call); the
/// test value fails the test that calls it, so every test says which forecasts it serves.
public struct WeatherClient: Sendable {
  /// The forecast for `city`. Throws ``WeatherError/unknownCity(_:)`` for a city the service
  /// does not know, and `CancellationError` when the calling task is cancelled.
  public var forecast: @Sendable (_ city: String) async throws -> Forecast

  /// Creates a client from its one endpoint.
  public init(forecast: @escaping @Sendable (_ city: String) async throws -> Forecast) {
    self.forecast = forecast
  }

  /// The forecasts served when none are given, keyed by lowercased city name.
  public static let defaultForecasts: [String: Forecast] = [
    "lisbon": Forecast(city: "Lisbon", celsius: 21, summary: "Sunny"),
    "london": Forecast(city: "London", celsius: 12, summary: "Rain"),
    "oslo": Forecast(city: "Oslo", celsius: -3, summary: "Snow"),
  ]

  /// A client over a fixed table of forecasts, answering after `latency`.
  ///
  /// The latency is slept on `@Dependency(\.continuousClock)`, read when the call is made:
  /// inside a job of `Weather().dependencies { … }` that is the clock the reducer was given,
  /// so a test's clock, or the debugger session's (`--virtual-clock`, `advance`), controls it.
  ///
  /// - Parameters:
  ///   - forecasts: The forecasts served, keyed by lowercased city name.
  ///   - latency: How long each call waits before answering.
  public static func inMemory(
    forecasts: [String: Forecast] = defaultForecasts,
    latency: Duration = .zero
  ) -> WeatherClient {
    WeatherClient { city in
      @Dependency(\.continuousClock) var clock
      try await simulateLatency(latency, on: clock)
      guard let forecast = forecasts[city.lowercased()] else { throw WeatherError.unknownCity(city) }
      return forecast
    }
  }
}

/// Why the weather service gave no forecast.
public enum WeatherError: Error, Equatable, Sendable, CategorizedError, CustomStringConvertible {
  /// The service knows no city of that name.
  case unknownCity(String)
  /// The client is the test value: the test did not say which forecasts to serve.
  case unimplemented

  /// `notFound` for an unknown city; `unknown` for the unimplemented test value.
  public var failureCategory: AsyncFailure.Category {
    switch self {
    case .unknownCity: .notFound
    case .unimplemented: .unknown
    }
  }

  public var description: String {
    switch self {
    case .unknownCity(let city): "no forecast for \"\(city)\""
    case .unimplemented: "WeatherClient.forecast is unimplemented in tests"
    }
  }
}

extension WeatherClient: DependencyKey {
  /// The in-memory forecasts, 400 ms apart from their request.
  public static let liveValue = WeatherClient.inMemory(latency: .milliseconds(400))

  /// Fails the test that asks for a forecast without providing a client.
  public static let testValue = WeatherClient { city in
    reportIssue("Weather asked for the forecast of \"\(city)\" without a WeatherClient: set one with .dependencies { $0.weatherClient = … }")
    throw WeatherError.unimplemented
  }
}

extension DependencyValues {
  /// The client `Weather` gets forecasts from.
  public var weatherClient: WeatherClient {
    get { self[WeatherClient.self] }
    set { self[WeatherClient.self] = newValue }
  }
}
