import Sluice
import SluiceMacroSupport

/// Two fields that each keep the other in step, through middleware: setting Celsius makes
/// the `sync fahrenheit` middleware set Fahrenheit, and setting Fahrenheit makes
/// `sync celsius` set Celsius.
///
/// It is the realistic feedback loop of the examples. With ``syncsOnlyChanges`` off, each
/// middleware echoes every update it sees, so one edit bounces between the two fields
/// forever: the cycle detector catches it, and `info cycles` names both middleware as the
/// edges of the loop. With it on (the fix), a middleware sends only when the other field
/// really has to change, and an edit settles after one hop.
@Feature
public struct Temperature: Sendable {
  /// The two readings of one temperature.
  public struct State: Equatable, Sendable, Codable {
    /// Degrees Celsius.
    public var celsius: Double
    /// Degrees Fahrenheit.
    public var fahrenheit: Double

    /// Creates a state; by default 0 °C, 32 °F.
    public init(celsius: Double = 0, fahrenheit: Double = 32) {
      self.celsius = celsius
      self.fahrenheit = fahrenheit
    }
  }

  /// Edits of either field.
  public enum Action: Equatable, Sendable, Codable {
    /// Sets the Celsius reading; `sync fahrenheit` follows.
    case setCelsius(Double)
    /// Sets the Fahrenheit reading; `sync celsius` follows.
    case setFahrenheit(Double)
  }

  /// Creates the feature.
  public init() {}

  /// Applies an edit to its field.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .setCelsius(let celsius): state.celsius = celsius
    case .setFahrenheit(let fahrenheit): state.fahrenheit = fahrenheit
    }
    return .none
  }

  /// The two middleware that keep the fields in step.
  ///
  /// Each sends from a job on the store's actor (``JobPlacement/storeActor``): it only
  /// converts and sends, and there its send follows the edit it answers. Off the actor, the
  /// jobs of edits sent one after another would send in whatever order their tasks ran, and
  /// the fields could end on an older edit than the last.
  ///
  /// - Parameter syncsOnlyChanges: Send only when the other field differs from the
  ///   converted value (the fix); off, every update is echoed and the fields loop.
  public static func middleware(syncsOnlyChanges: Bool) -> [Middleware<State, Action>] {
    [
      Middleware(name: "sync fahrenheit") { action, state in
        guard case .setCelsius(let celsius) = action else { return .none }
        let fahrenheit = celsius * 9 / 5 + 32
        guard !syncsOnlyChanges || !isClose(state.fahrenheit, fahrenheit) else { return .none }
        return .run(on: .storeActor) { send in await send(.setFahrenheit(fahrenheit)) }
      },
      Middleware(name: "sync celsius") { action, state in
        guard case .setFahrenheit(let fahrenheit) = action else { return .none }
        let celsius = (fahrenheit - 32) * 5 / 9
        guard !syncsOnlyChanges || !isClose(state.celsius, celsius) else { return .none }
        return .run(on: .storeActor) { send in await send(.setCelsius(celsius)) }
      },
    ]
  }

  /// Whether two readings agree to a millionth of a degree: conversions round, so exact
  /// equality would never settle.
  static func isClose(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) < 0.000_001
  }
}
