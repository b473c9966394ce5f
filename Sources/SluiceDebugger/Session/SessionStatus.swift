/// What a session's store is doing.
public enum SessionStatus: String, Sendable {
  /// Nothing queued, no job running.
  case idle
  /// Reducing, or jobs are running.
  case running
  /// Stopped by a breakpoint, a watchpoint, the cycle detector, a step or a request.
  case paused
}
