import Sluice

extension CycleDetection {
  /// The settings on one line, as `set cycle-…` answers and `info settings` shows them:
  /// `cycle detector: pause beyond 20 of one case within 1s or causal depth 50`.
  package var summary: String {
    var signals: [String] = []
    if let frequency {
      signals.append("\(frequency.limit) of one case within \(DurationText.format(frequency.window))")
    }
    if let maximumDepth { signals.append("causal depth \(maximumDepth)") }
    let when = signals.isEmpty ? "never (both signals off)" : "beyond " + signals.joined(separator: " or ")
    return "cycle detector: \(policy.rawValue) \(when)"
  }
}
