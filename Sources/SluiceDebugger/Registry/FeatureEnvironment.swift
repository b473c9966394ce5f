import Sluice

/// What a registered feature is given to build its reducer and middleware: the session's
/// clock, so its own sleeps and the store's timed effects share one notion of time.
public struct FeatureEnvironment: Sendable {
  /// The session's clock: real time, or virtual time moved by `advance`.
  public let clock: any Clock<Duration>

  /// Creates an environment.
  public init(clock: any Clock<Duration>) {
    self.clock = clock
  }
}
