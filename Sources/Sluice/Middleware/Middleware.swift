/// Work that runs after the reducer for every action: logging, analytics, persistence,
/// validation, calls to outside services.
///
/// A middleware sees the action and the state *after* the reducer applied it, and answers
/// with the work to do as an ``Effect``: usually `.none`, or a `.run` whose job the debugger
/// shows under the middleware's name. The decision is synchronous, so a middleware that
/// ignores an action costs one call, with no task and no allocation:
///
/// ```swift
/// let analytics = Middleware<Checkout.State, Checkout.Action>(name: "analytics") {
///   action, state in
///   guard case .placeOrder = action else { return .none }
///   return .run { _ in await tracker.record(action) }
/// }
/// ```
///
/// A middleware whose work is asynchronous for every action can be written as that work
/// alone (see ``init(name:_:)-(_,(Action,State,Send<Action>)->Void)``); each of its runs is
/// then a job, and all middleware of one action run concurrently.
///
/// To test one, call ``effect(for:in:)`` or ``run(action:state:send:)``.
public struct Middleware<State: Sendable, Action: Sendable>: Sendable {
  /// How the debugger and monitors name this middleware's jobs.
  public let name: String
  @usableFromInline let decide: @Sendable (Action, State) -> Effect<Action>
  /// The asynchronous body, for middleware written as one (see ``run(action:state:send:)``).
  private let body: (@Sendable (Action, State, Send<Action>) async throws -> Void)?

  /// Creates a named middleware that decides, for each action and synchronously, what work
  /// to do.
  ///
  /// - Parameters:
  ///   - name: How the debugger and monitors name it and its jobs.
  ///   - effect: Given the action and the state the reducer left, the work to do;
  ///     `.none` when the action is of no interest. Its `.run` jobs are reported as this
  ///     middleware's.
  public init(
    name: String,
    _ effect: @escaping @Sendable (_ action: Action, _ state: State) -> Effect<Action>
  ) {
    self.name = name
    self.decide = effect
    self.body = nil
  }

  /// Creates a named middleware whose asynchronous body runs, as a job, for every action.
  public init(
    name: String,
    _ body: @escaping @Sendable (_ action: Action, _ state: State, _ send: Send<Action>) async throws
      -> Void
  ) {
    self.name = name
    // Named and marked as this middleware's job by `markedAsOwn`, like any other work.
    self.decide = { action, state in
      .run { send in try await body(action, state, send) }
    }
    self.body = body
  }

  /// The work this middleware does for `action`, given the state the reducer left, with
  /// its jobs marked as this middleware's.
  @inlinable
  public func effect(for action: Action, in state: State) -> Effect<Action> {
    let effect = decide(action, state)
    return effect.isNone ? effect : markedAsOwn(effect)
  }

  /// `effect` with every run reported as a job of this middleware.
  @usableFromInline
  func markedAsOwn(_ effect: Effect<Action>) -> Effect<Action> {
    effect.rebuilt(sending: { $0 }) { run in
      var run = run
      run.kind = .middleware
      run.name = name
      return run
    }
  }

  /// Runs the middleware for one action outside a store, for tests: the asynchronous body,
  /// or, for a middleware that decides, each `.run` and `.send` of its effect in order.
  /// Timing (debounce, throttle) and cancellation need a store and are not applied here.
  public func run(action: Action, state: State, send: Send<Action>) async throws {
    if let body {
      try await body(action, state, send)
    } else {
      try await decide(action, state).runOutsideStore(send: send)
    }
  }
}
