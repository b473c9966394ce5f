import Sluice

/// Cycle-detector settings a user chose (command-line options, `set cycle …`), laid over a
/// feature's own default or the debugger's: each `nil` keeps what is underneath.
public struct CycleOverrides: Sendable, Equatable {
  /// What the store does when the detector fires.
  public var policy: CyclePolicy?
  /// The frequency signal's limit; `.some(nil)` turns the signal off.
  public var limit: Int??
  /// The frequency signal's window.
  public var window: Duration?
  /// The deepest causal chain allowed; `.some(nil)` turns the signal off.
  public var depth: Int??

  /// Creates overrides; by default none.
  public init(policy: CyclePolicy? = nil, limit: Int?? = nil, window: Duration? = nil, depth: Int?? = nil) {
    self.policy = policy
    self.limit = limit
    self.window = window
    self.depth = depth
  }

  /// `settings` with these overrides applied.
  public func applied(to settings: CycleDetection) -> CycleDetection {
    var result = settings
    if let policy { result.policy = policy }
    if let limit {
      if let limit {
        result.frequency = CycleDetection.Frequency(limit: limit, window: result.frequency?.window ?? .seconds(1))
      } else {
        result.frequency = nil
      }
    }
    if let window, result.frequency != nil { result.frequency?.window = window }
    if let depth { result.maximumDepth = depth }
    return result
  }
}

extension CycleOverrides {
  /// These overrides, with `earlier` filling in what these leave unset.
  public func merged(over earlier: CycleOverrides) -> CycleOverrides {
    CycleOverrides(
      policy: policy ?? earlier.policy, limit: limit ?? earlier.limit, window: window ?? earlier.window,
      depth: depth ?? earlier.depth)
  }
}
