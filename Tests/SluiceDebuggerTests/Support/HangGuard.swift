import SluiceDebugger

/// The longest a test waits, in real time, for work it expects to finish: a guard that ends a
/// hung test instead of stalling the suite, never a limit a passing test comes near. Tests
/// run in parallel on a busy machine starve the main actor for seconds at a time; that only
/// makes a test wait longer, it never decides whether it passes. A test of timing out itself
/// waits on work that can never finish, so its short limit cannot depend on load either.
let hangGuard: Duration = .seconds(300)

extension SessionOptions {
  /// Options for a test, as `SessionOptions(…)` makes them, except that the engine's own
  /// real-time waits for jobs (after `advance` wakes them, and for a `step`) are ``hangGuard``.
  static func forTests(
    usesVirtualClock: Bool = false, historyLimit: Int = 10_000, diffDisplay: DiffDisplay = .full
  ) -> SessionOptions {
    var options = SessionOptions(usesVirtualClock: usesVirtualClock, historyLimit: historyLimit, diffDisplay: diffDisplay)
    options.waitLimit = hangGuard
    return options
  }
}
