import SluiceDebugger

extension Debugger {
  /// The debugger `sluice export-test` and `sluice export-trace` load a session file into: on
  /// virtual time, with a cycle in the replay cut rather than followed.
  @MainActor
  static func exporting(registry: FeatureRegistry) -> Debugger {
    var options = SessionOptions(usesVirtualClock: true)
    options.cycleDetection.policy = .break
    return Debugger(registry: registry, options: options)
  }
}
