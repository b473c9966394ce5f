import Sluice

/// The failure `shrink` keeps while it removes actions: what a replay of fewer actions must
/// still show to count as failing.
public enum ShrinkGoal: Sendable, Equatable, CustomStringConvertible {
  /// The last state satisfies the condition (`count < 0`): `shrink CONDITION`.
  case condition(StateCondition)
  /// The cycle detector warns of this warning's cycle, in any rotation: `shrink` on a session
  /// that warned of one.
  case cycle(CycleWarning)
  /// A job of this name ends by throwing: `shrink` on a session one of whose jobs failed.
  case failedJob(String)

  /// How the answer names it: the condition as typed, `cycle .a → .b → .a`, or
  /// `job 'fetch' failed`.
  public var description: String {
    switch self {
    case .condition(let condition): condition.description
    case .cycle(let warning): "cycle " + warning.cycleDescription
    case .failedJob(let name): "job '\(name)' failed"
    }
  }

  /// Whether `session`'s replay shows the failure: its last state satisfies the condition,
  /// its cycle detector warned of the cycle, or a job of the name failed.
  @MainActor
  func isShown<State, Action>(by session: Session<State, Action>) throws(DebugError) -> Bool {
    switch self {
    case .condition(let condition):
      return try condition.holds(in: session.store.state)
    case .cycle(let warning):
      let wanted = CycleReport.canonicalRotation(of: warning.cycle)
      return session.cycleReports.contains { CycleReport.canonicalRotation(of: $0.cycle) == wanted }
    case .failedJob(let name):
      return session.jobSpans.contains { span in
        guard span.name == name, case .failed = span.outcome else { return false }
        return true
      }
    }
  }
}
