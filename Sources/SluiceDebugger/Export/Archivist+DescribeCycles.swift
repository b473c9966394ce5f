import Sluice

extension Archivist {
  /// The cycle detector's part of an exported test; `nil` when it never fired, and the test
  /// store keeps the feature's own settings.
  ///
  /// A test cannot answer the detector's pause as a person at the shell did, so `pause` is
  /// described as what the person did: `warn` when the store went on (the actions were
  /// reduced), `break` when the session ended paused there (the action never was).
  var describedCycles: TestDescription.Cycles? {
    let cycleReports = session.keptCycleReports
    guard let last = cycleReports.max(by: { $0.lastSeen < $1.lastSeen }) else { return nil }
    var detection = options.cycleDetection
    var pauseAnswer: TestDescription.Cycles.PauseAnswer?
    if detection.policy == .pause {
      let endedPaused = store.isPaused
      detection.policy = endedPaused ? .break : .warn
      pauseAnswer = endedPaused ? .endedPaused : .wentOn
    }
    return TestDescription.Cycles(
      detection: detection, pauseAnswer: pauseAnswer,
      warnings: cycleReports.map { .init(cycle: $0.warning.cycleDescription, count: $0.count) }, lastSeen: last.lastSeen)
  }
}
