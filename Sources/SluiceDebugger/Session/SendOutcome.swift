/// What became of an action sent to a session.
public enum SendOutcome: Sendable, Equatable {
  /// The store took it: reduced, or dropped by the cycle detector (an event says which).
  case handled
  /// The store is paused (before it, or already), so the action waits in the queue and no
  /// event says so: stepping or continuing reduces it.
  case queued
}
