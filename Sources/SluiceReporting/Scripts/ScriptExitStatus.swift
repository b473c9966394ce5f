import SluiceDebugger

/// How a script run ended, as the process exit status `sluice run` returns.
public enum ScriptExitStatus: Int32, Sendable, Comparable {
  /// Every expectation held (or there were none).
  case success = 0
  /// At least one expectation failed, the cycle detector broke a chain, a job failed, or a
  /// `wait` ended with work running; the script ran to its end.
  case expectationFailed = 1
  /// Bad usage, a line that does not parse, or a command that failed: the run stopped there.
  case error = 2

  /// Worse statuses are greater: a run keeps the worst it met.
  public static func < (lhs: ScriptExitStatus, rhs: ScriptExitStatus) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
