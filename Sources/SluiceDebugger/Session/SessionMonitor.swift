import Sluice

/// The monitor a session attaches to its store. It forwards to the session, which it holds
/// weakly: the store owns its monitor, and the session owns the store.
///
/// A store calls its monitor through protocol witnesses, which for this generic class are
/// never specialised. So the witnesses only forward: the three events of every action, and
/// the question whether to pause before one, go to functions the session creates where its
/// types are known (see ``forward(queued:willReduce:didReduce:pauseQuestions:wantsPreviousState:)``);
/// the rest go to the session. Those functions are read without an exclusivity check, as the
/// session's own state is, and set only then.
@MainActor
@usableFromInline
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
  // Where the per-action events and questions go once the session has routed them: each
  // apart, because this unspecialised code would otherwise look up the metadata of a
  // generic struct of them and retain every function to call one.
  @exclusivity(unchecked) private var routeQueued: ((Action, ActionContext) -> Void)?
  @exclusivity(unchecked) private var routeWillReduce: ((Action, ActionContext) -> Void)?
  @exclusivity(unchecked) private var routeDidReduce: ((Action, ActionContext, State?, State, Duration) -> Void)?
  @exclusivity(unchecked) private var routeShouldPause: ((Action, ActionContext) -> Bool)?
  @exclusivity(unchecked) private var routeWantsPreviousState: (() -> Bool)?

  /// Sends every later event of an action, and every question whether to pause or to keep
  /// the previous state, to these functions.
  @usableFromInline
  func forward(
    queued: @escaping (Action, ActionContext) -> Void,
    willReduce: @escaping (Action, ActionContext) -> Void,
    didReduce: @escaping (Action, ActionContext, State?, State, Duration) -> Void,
    pauseQuestions: @escaping (Action, ActionContext) -> Bool,
    wantsPreviousState: @escaping () -> Bool
  ) {
    routeQueued = queued
    routeWillReduce = willReduce
    routeDidReduce = didReduce
    routeShouldPause = pauseQuestions
    routeWantsPreviousState = wantsPreviousState
  }

  @usableFromInline var wantsPreviousState: Bool {
    if let routeWantsPreviousState { return routeWantsPreviousState() }
    return session?.wantsPreviousState ?? false
  }

  @usableFromInline func store(didQueue action: Action, context: ActionContext) {
    guard let routeQueued else { return report(queued: action, context) }
    routeQueued(action, context)
  }

  @usableFromInline func store(willReduce action: Action, context: ActionContext) {
    guard let routeWillReduce else { return report(willReduce: action, context) }
    routeWillReduce(action, context)
  }

  @usableFromInline func store(
    didReduce action: Action, context: ActionContext, oldState: State?, newState: State, duration: Duration
  ) {
    guard let routeDidReduce else {
      return report(didReduce: action, context, oldState: oldState, newState: newState, duration: duration)
    }
    routeDidReduce(action, context, oldState, newState, duration)
  }

  // Before the session routes them, the per-action events go the way of every other: kept
  // out of line, because naming `StoreEvent` in a witness made each call look up its
  // metadata, even when it took the route.
  @inline(never)
  private func report(queued action: Action, _ context: ActionContext) {
    store(didReport: .queued(action, context))
  }

  @inline(never)
  private func report(willReduce action: Action, _ context: ActionContext) {
    store(didReport: .willReduce(action, context))
  }

  @inline(never)
  private func report(
    didReduce action: Action, _ context: ActionContext, oldState: State?, newState: State, duration: Duration
  ) {
    store(didReport: .didReduce(action, context, oldState: oldState, newState: newState, duration: duration))
  }

  @usableFromInline func store(didReport event: StoreEvent<State, Action>) {
    guard let session else { return keepUntilAttached(event) }
    session.handle(event)
  }

  /// Apart from `store(didReport:)`: merely naming the array of events there made every
  /// event cost two more generic metadata lookups in that unspecialised code.
  @inline(never)
  private func keepUntilAttached(_ event: StoreEvent<State, Action>) {
    if !isAttached { early.append(event) }
  }

  @usableFromInline func shouldPause(before action: Action, context: ActionContext) -> Bool {
    if let routeShouldPause { return routeShouldPause(action, context) }
    return session?.shouldPause(before: action, context: context) ?? false
  }

  @usableFromInline func shouldHold(_ job: JobInfo) -> Bool {
    session?.shouldHold(job) ?? false
  }
}
