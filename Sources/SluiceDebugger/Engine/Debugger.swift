/// The debugger: the registered features and one session per feature loaded so far.
///
/// Switching features keeps each feature's session: `use counter`, `use todos`, `use counter`
/// comes back to the counter as it was left.
@MainActor
public final class Debugger {
  /// The features that can be loaded.
  public let registry: FeatureRegistry
  /// How new sessions run.
  public var options: SessionOptions
  private var sessions: [String: any DebugSession] = [:]
  /// The session commands apply to.
  public private(set) var current: (any DebugSession)?

  /// Creates a debugger over `registry`.
  public init(registry: FeatureRegistry, options: SessionOptions = SessionOptions()) {
    self.registry = registry
    self.options = options
  }

  /// Makes the session of feature `name` current, loading the feature if needed.
  @discardableResult
  public func use(_ name: String) throws(DebugError) -> any DebugSession {
    if let session = sessions[name] {
      current = session
      return session
    }
    guard let feature = registry.feature(named: name) else {
      let suggestion = nearestName(to: name, among: registry.names).map { "; did you mean '\($0)'?" } ?? ""
      throw DebugError(
        "no feature named '\(name)'\(suggestion) (features: \(registry.names.joined(separator: ", ")))")
    }
    let session = feature.makeSession(options)
    sessions[name] = session
    current = session
    return session
  }

  /// The session of feature `name`, if it was loaded.
  public func session(named name: String) -> (any DebugSession)? {
    sessions[name]
  }

  /// The names of the features loaded so far.
  public var loadedFeatures: [String] {
    registry.names.filter { sessions[$0] != nil }
  }
}
