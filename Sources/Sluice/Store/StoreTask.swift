/// A handle on everything one `send` set in motion: the effects and middleware runs the action
/// caused, and the ones their actions caused in turn.
///
/// ```swift
/// await store.send(.refresh).finish()   // returns when the refresh and its follow-ups are done
/// ```
///
/// It may be awaited from anywhere: ``finish()`` waits on the store's actor.
public struct StoreTask: Sendable {
  /// The sequence number of the sent action, which heads the chain this task follows.
  public let root: UInt64
  /// What follows the chain; `nil` when the action caused nothing, so the task was finished
  /// as soon as it was made.
  let tracker: ActorBound<CompletionTracker>?

  @usableFromInline
  init(root: UInt64, tracker: ActorBound<CompletionTracker>?) {
    self.root = root
    self.tracker = tracker
  }

  /// Suspends until every job the action caused, transitively, has ended, and every action
  /// they sent has been reduced. Returns at once if the store has gone away.
  ///
  /// Runs on the caller's actor and waits on the store's: awaited on the store's own actor,
  /// as it usually is, it costs no hop.
  nonisolated(nonsending) public func finish() async {
    await tracker?.wait(for: root)
  }

  /// Whether everything the action caused has ended. Read it on the store's actor.
  public var isFinished: Bool {
    guard let tracker = tracker?.value else { return true }
    return !tracker.isActive(root: root)
  }
}
