/// What `Weather` shows for a city: its name, the temperature and a word for the sky.
public struct Forecast: Equatable, Hashable, Sendable, Codable {
  /// The city, as the weather service spells it.
  public var city: String
  /// The temperature, in whole degrees Celsius.
  public var celsius: Int
  /// The sky in a word or two: "Sunny", "Rain".
  public var summary: String

  /// Creates a forecast.
  public init(city: String, celsius: Int, summary: String) {
    self.city = city
    self.celsius = celsius
    self.summary = summary
  }
}
