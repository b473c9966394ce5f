import Sluice

extension Session {
  /// What an exported test does about the cycle detector, when it fired in the session: the
  /// settings its store runs with, so that the detector fires where it fired here, and the
  /// assertion of its warnings at the end.
  struct ExportedCycles {
    /// `CycleDetection(policy: .break)`: the session's settings, as Swift.
    let settings: String
    /// Why the test's policy is not the session's, when it is not.
    let note: String?
    /// The `#expect`s of the warnings, in the order first seen.
    let assertions: [String]
    /// When the detector last fired, on the session's clock: the test's clock must get there.
    let lastSeen: Duration
  }

  /// The cycle detector's part of an exported test; `nil` when it never fired, and the test
  /// store keeps the feature's own settings.
  ///
  /// A test cannot answer the detector's pause as a person at the shell did, so `pause` is
  /// written as what the person did: `warn` when the store went on (the actions were reduced),
  /// `break` when the session ended paused there (the action never was).
  var exportedCycles: ExportedCycles? {
    let cycleReports = keptCycleReports
    guard let last = cycleReports.max(by: { $0.lastSeen < $1.lastSeen }) else { return nil }
    var settings = cycleDetection
    var note: String?
    if settings.policy == .pause {
      let endedPaused = store.isPaused
      settings.policy = endedPaused ? .break : .warn
      note =
        endedPaused
        ? "the session ended paused at the cycle detector's warning: the test drops the action there, as `break` does"
        : "the session went on past the cycle detector's pause: the test reduces the actions, as `warn` does"
    }
    // Counted, never made one by one: a loaded file's counts are its own (up to 2⁵² each).
    let total = cycleReports.reduce(0) { sum, report in
      let (added, overflow) = sum.addingReportingOverflow(report.count)
      return overflow ? .max : added
    }
    // Every warning when there are a few; past that, how many and which cycles.
    let assertions: [String]
    if total <= 3 {
      let warnings = cycleReports.flatMap { Array(repeating: $0.warning.cycleDescription, count: $0.count) }
      assertions = ["#expect(store.cycleWarnings.map(\\.cycleDescription) == \(Self.stringArray(warnings)))"]
    } else {
      assertions = [
        "#expect(store.cycleWarnings.count == \(total))",
        "#expect(Set(store.cycleWarnings.map(\\.cycleDescription)) == \(Self.stringArray(cycleReports.map(\.warning.cycleDescription))))",
      ]
    }
    return ExportedCycles(
      settings: Self.swiftLiteral(settings), note: note, assertions: assertions, lastSeen: last.lastSeen)
  }

  /// `CycleDetection(policy: .break)`: `settings` with its defaults left out.
  static func swiftLiteral(_ settings: CycleDetection) -> String {
    var arguments: [String] = []
    let defaults = CycleDetection()
    if settings.frequency != defaults.frequency {
      if let frequency = settings.frequency {
        arguments.append("frequency: .init(limit: \(frequency.limit), window: \(swiftDuration(frequency.window)))")
      } else {
        arguments.append("frequency: nil")
      }
    }
    if settings.maximumDepth != defaults.maximumDepth {
      arguments.append("maximumDepth: \(settings.maximumDepth.map(String.init) ?? "nil")")
    }
    if settings.policy != defaults.policy {
      arguments.append("policy: .\(settings.policy.rawValue)")
    }
    return "CycleDetection(\(arguments.joined(separator: ", ")))"
  }

  private static func stringArray(_ strings: [String]) -> String {
    "[" + strings.map(SwiftStringEscaping.quoted).joined(separator: ", ") + "]"
  }
}
