/// Work that runs after the reducer for every action: logging, analytics, persistence,
/// validation, calls to outside services.
///
/// A middleware sees the action and a snapshot of the state *after* the reducer applied it,
/// and may send further actions. Each run is a job: all middleware of one action run
/// concurrently, each as its own job, named for the debugger.
///
/// ```swift
/// let analytics = Middleware<Checkout.State, Checkout.Action>(name: "analytics") {
///   action, state, send in
///   await tracker.record(action)
/// }
/// ```
///
/// To test one, call ``run(action:state:send:)`` with a `Send` built from a closure.
public struct Middleware<State: Sendable, Action: Sendable>: Sendable {
  /// How the debugger and monitors name this middleware's jobs.
  public let name: String
  private let body: @Sendable (Action, State, Send<Action>) async throws -> Void

  /// Creates a named middleware from its body.
  public init(
    name: String,
    _ body: @escaping @Sendable (_ action: Action, _ state: State, _ send: Send<Action>) async throws
      -> Void
  ) {
    self.name = name
    self.body = body
  }

  /// Runs the middleware for one action, as a store would.
  public func run(action: Action, state: State, send: Send<Action>) async throws {
    try await body(action, state, send)
  }
}
