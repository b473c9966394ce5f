import Sluice

/// Knows when the history is replaying actions through the feature's reducer, so that
/// recording can refuse to run then.
///
/// Replay runs the reducer while the timeline is being read or changed (recomputing
/// states after a skip, say). A reducer that sent to its own store from a dependency
/// would reach the recorder there, and recording appends to that same timeline: an
/// overlapping access. The recorder checks this flag instead of paying a dynamic
/// exclusivity check on the timeline for every action (about 300 instructions, a tenth of
/// recording), and traps with a message that says what happened.
@usableFromInline
final class ReplayGuard {
  /// Whether a replay is running now.
  @usableFromInline @exclusivity(unchecked) private(set) var isReplaying = false

  init() {}

  /// The feature's reducer, as the history replays it: marked while it runs.
  func guarding<State, Action>(
    _ reduce: @escaping (inout State, Action) -> Effect<Action>
  ) -> (inout State, Action) -> Effect<Action> {
    { [self] state, action in
      let wasReplaying = isReplaying
      isReplaying = true
      defer { isReplaying = wasReplaying }
      return reduce(&state, action)
    }
  }
}
