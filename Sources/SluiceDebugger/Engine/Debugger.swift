/// The debugger: the registered features and one session per feature loaded so far.
///
/// Switching features keeps each feature's session: `use counter`, `use todos`, `use counter`
/// comes back to the counter as it was left.
@MainActor
public final class Debugger {
  /// The features that can be loaded.
  public private(set) var registry: FeatureRegistry
  /// How new sessions run.
  public var options: SessionOptions
  private var sessions: [String: any DebugSession] = [:]
  /// The session commands apply to.
  public private(set) var current: (any DebugSession)? {
    didSet {
      guard current !== oldValue else { return }
      currentPauseRequest.follow((current as? any InterruptibleSession)?.pauseRequest)
      switches.notify()
    }
  }
  /// The current session's pause request, for a signal handler or a network thread to raise
  /// while the main actor may be stuck in a store's synchronous loop.
  package nonisolated let currentPauseRequest = CurrentPauseRequest()
  /// Wakes whoever follows the current session (a page beside the shell) when another
  /// becomes current: a session's own signal says nothing of `use`.
  private let switches = ChangeSignal()

  /// Creates a debugger over `registry`.
  public init(registry: FeatureRegistry, options: SessionOptions = SessionOptions()) {
    self.registry = registry
    self.options = options
  }

  /// Waits until another session becomes current (`use`), or the current one is unloaded;
  /// returns at once when the calling task is cancelled.
  package func nextSwitch() async {
    await switches.next()
  }

  /// Makes the session of feature `name` current, loading the feature if needed.
  @discardableResult
  public func use(_ name: String) throws(DebugError) -> any DebugSession {
    let session = try load(name)
    current = session
    return session
  }

  /// The session of feature `name`, loading the feature if needed, without making it
  /// current: for a program that records a store's history before any client uses it.
  @discardableResult
  public func load(_ name: String) throws(DebugError) -> any DebugSession {
    if let session = sessions[name] { return session }
    guard let feature = registry.feature(named: name) else {
      let suggestion = nearestName(to: name, among: registry.names).map { "; did you mean '\($0)'?" } ?? ""
      throw DebugError(
        "no feature named '\(name)'\(suggestion) (features: \(registry.names.joined(separator: ", ")))")
    }
    let session = feature.makeSession(options)
    sessions[name] = session
    return session
  }

  /// The session of feature `name`, if it was loaded.
  public func session(named name: String) -> (any DebugSession)? {
    sessions[name]
  }

  /// Adds `feature`, which sessions can then load; for stores a program attaches while it
  /// runs (``Feature/init(adopting:as:feature:summary:redacting:)``).
  ///
  /// - Throws: When a feature of that name is registered already.
  public func register(_ feature: Feature) throws(DebugError) {
    guard registry.feature(named: feature.name) == nil else {
      throw DebugError("a feature named '\(feature.name)' is registered already")
    }
    registry = FeatureRegistry(registry.features + [feature])
  }

  /// Forgets the session of feature `name`, if it was loaded: the next `use` starts afresh.
  /// A store the program made is given back as the session found it, with nothing of the
  /// debugger left on its send path, and running unless `resumingTheStore` is false.
  public func unload(_ name: String, resumingTheStore: Bool = true) {
    guard let session = sessions.removeValue(forKey: name) else { return }
    (session as? any DetachableSession)?.detach(resuming: resumingTheStore)
    if current === session { current = nil }
  }

  /// Forgets feature `name` altogether (after ``unload(_:resumingTheStore:)``): for a store the program no
  /// longer offers.
  public func unregister(_ name: String) {
    unload(name)
    registry = FeatureRegistry(registry.features.filter { $0.name != name })
  }

  /// The names of the features loaded so far.
  public var loadedFeatures: [String] {
    registry.names.filter { sessions[$0] != nil }
  }
}
