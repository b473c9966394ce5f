import Sluice

/// The failure `shrink` keeps while it removes actions: what a replay of fewer actions must
/// still show to count as failing.
public enum ShrinkGoal: Sendable, Equatable, CustomStringConvertible {
  /// The last state satisfies the condition (`count < 0`): `shrink CONDITION`.
  case condition(StateCondition)
  /// The cycle detector warns of this cycle, in any rotation: `shrink` on a session that
  /// warned of one.
  case cycle([String])
  /// A job of this name ends by throwing: `shrink` on a session one of whose jobs failed.
  case failedJob(String)

  /// How the answer names it: the condition as typed, or `cycle a → b → a`.
  public var description: String {
    switch self {
    case .condition(let condition): condition.description
    case .cycle(let cycle): "cycle " + Self.loop(cycle)
    case .failedJob(let name): "job '\(name)' failed"
    }
  }

  /// `.ping → .pong → .ping`, as a cycle warning writes it.
  static func loop(_ cycle: [String]) -> String {
    guard let first = cycle.first else { return "" }
    return (cycle + [first]).map { ".\($0)" }.joined(separator: " → ")
  }

  /// Whether `session`'s replay shows the failure: its last state satisfies the condition,
  /// or its cycle detector warned of the cycle.
  @MainActor
  func isShown<State, Action>(by session: Session<State, Action>) throws(DebugError) -> Bool {
    switch self {
    case .condition(let condition):
      return try condition.holds(in: session.store.state)
    case .cycle(let cycle):
      let wanted = CycleReport.canonicalRotation(of: cycle)
      return session.cycleReports.contains { CycleReport.canonicalRotation(of: $0.cycle) == wanted }
    case .failedJob(let name):
      return session.jobSpans.contains { span in
        guard span.name == name, case .failed = span.outcome else { return false }
        return true
      }
    }
  }
}
