import Sluice

/// The monitor a session attaches to its store. It forwards to the session, which it holds
/// weakly: the store owns its monitor, and the session owns the store.
///
/// A store calls its monitor through a protocol witness, which for this generic class is
/// never specialised. So the witnesses only forward, to functions the session creates where
/// its types are known (see ``forward(events:pauseQuestions:)``). Those are read on every
/// event without an exclusivity check, as the session's own state is, and set only then.
@MainActor
@usableFromInline
final class SessionMonitor<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: StoreMonitor {
  weak var session: Session<State, Action>? {
    didSet {
      // What the store reported while it was being created (its subscriptions starting),
      // before the session it belongs to existed.
      guard let session, !isAttached else { return }
      isAttached = true
      for event in early { session.handle(event) }
      early.removeAll()
    }
  }
  private var isAttached = false
  private var early: [StoreEvent<State, Action>] = []
  /// Receives each event once the session has routed them (see `forward`).
  @exclusivity(unchecked) private var receive: ((StoreEvent<State, Action>) -> Void)?
  /// Answers ``shouldPause(before:context:)`` once the session has routed it.
  @exclusivity(unchecked) private var answerShouldPause: ((Action, ActionContext) -> Bool)?

  /// Sends every later event to `events`, and every question whether to pause to
  /// `pauseQuestions`.
  @usableFromInline
  func forward(
    events: @escaping (StoreEvent<State, Action>) -> Void,
    pauseQuestions: @escaping (Action, ActionContext) -> Bool
  ) {
    receive = events
    answerShouldPause = pauseQuestions
  }

  @usableFromInline var wantsPreviousState: Bool { session?.wantsPreviousState ?? false }

  @usableFromInline func store(didReport event: StoreEvent<State, Action>) {
    if let receive { return receive(event) }
    guard let session else { return keepUntilAttached(event) }
    session.handle(event)
  }

  /// Apart from `store(didReport:)`, which runs for every event: merely naming the array of
  /// events there made every event cost two more generic metadata lookups (about 300
  /// instructions) in that unspecialised code.
  @inline(never)
  private func keepUntilAttached(_ event: StoreEvent<State, Action>) {
    if !isAttached { early.append(event) }
  }

  @usableFromInline func shouldPause(before action: Action, context: ActionContext) -> Bool {
    if let answerShouldPause { return answerShouldPause(action, context) }
    return session?.shouldPause(before: action, context: context) ?? false
  }

  @usableFromInline func shouldHold(_ job: JobInfo) -> Bool {
    session?.shouldHold(job) ?? false
  }
}
