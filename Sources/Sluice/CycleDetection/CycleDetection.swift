/// Settings for the cycle detector, which catches runaway dispatch loops.
///
/// Two signals, each of which can be turned off by setting it to `nil`:
/// - *frequency*: one action case (payload ignored) reduced more than `limit` times within
///   `window` of the store's clock, counting only actions that other actions caused (sent by
///   an effect, a job or middleware): what a person, a script or a subscription sends is a
///   root, never a loop by itself;
/// - *depth*: a causal chain (action → effect → action → …) deeper than `maximumDepth`.
public struct CycleDetection: Hashable, Sendable {
  /// The frequency signal's settings.
  public struct Frequency: Hashable, Sendable {
    /// How many reductions of one case a window may hold before the detector fires.
    public var limit: Int
    /// How far back, on the store's clock, reductions are counted.
    public var window: Duration

    /// Fires when one case is reduced more than `limit` times within `window`.
    public init(limit: Int = 20, window: Duration = .seconds(1)) {
      self.limit = limit
      self.window = window
    }
  }

  /// The frequency signal; `nil` turns it off.
  public var frequency: Frequency?
  /// The deepest causal chain allowed before the detector fires; `nil` turns it off.
  public var maximumDepth: Int?
  /// What the store does when the detector fires.
  public var policy: CyclePolicy

  /// Creates settings. The defaults are 20 reductions per second and depth 50, warning only.
  public init(
    frequency: Frequency? = Frequency(),
    maximumDepth: Int? = 50,
    policy: CyclePolicy = .warn
  ) {
    self.frequency = frequency
    self.maximumDepth = maximumDepth
    self.policy = policy
  }

  /// 20 reductions of one case per second of the store's clock, depth 50, warn.
  public static let `default` = CycleDetection()
}

/// What a store does with an action that trips the cycle detector.
public enum CyclePolicy: String, Hashable, Sendable, CaseIterable {
  /// Report the warning and reduce the action anyway: nothing is dropped.
  case warn
  /// Report the warning and pause the store with the action at the head of its queue, until
  /// whoever monitors the store resumes or steps it.
  case pause
  /// Report the warning and drop the action, cutting the chain; the drop is reported too.
  case `break`
}
