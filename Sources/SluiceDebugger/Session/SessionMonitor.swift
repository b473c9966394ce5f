import Sluice

/// The monitor a session attaches to its store. It forwards to the session, which it holds
/// weakly: the store owns its monitor, and the session owns the store.
///
/// It hears the events that are not one per action (jobs, cycles, drops, pauses), and the
/// per-action ones only until the session installs its ``ActionObserver`` on the store (see
/// ``SpecialisedRecording``), at the end of its initialiser.
@MainActor
final class SessionMonitor<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: @MainActor StoreMonitor {
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

  var wantsPreviousState: Bool {
    session?.wantsPreviousState ?? false
  }

  func store(didQueue action: Action, context: ActionContext) {
    store(didReport: .queued(action, context))
  }

  func store(willReduce action: Action, context: ActionContext) {
    store(didReport: .willReduce(action, context))
  }

  func store(
    didReduce action: Action, context: ActionContext, oldState: State?, newState: State, duration: Duration
  ) {
    store(didReport: .didReduce(action, context, oldState: oldState, newState: newState, duration: duration))
  }

  func store(didReport event: StoreEvent<State, Action>) {
    guard let session else { return keepUntilAttached(event) }
    session.handle(event)
  }

  /// Apart from `store(didReport:)`: merely naming the array of events there made every
  /// event cost two more generic metadata lookups in that unspecialised code.
  @inline(never)
  private func keepUntilAttached(_ event: StoreEvent<State, Action>) {
    if !isAttached { early.append(event) }
  }

  func shouldPause(before action: Action, context: ActionContext) -> Bool {
    session?.shouldPause(before: action, context: context) ?? false
  }

  func shouldHold(_ job: JobInfo) -> Bool {
    session?.shouldHold(job) ?? false
  }
}
