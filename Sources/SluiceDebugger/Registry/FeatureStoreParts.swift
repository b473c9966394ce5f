import Sluice

/// What a registered feature's store is made of, as its sessions make it: for a store made
/// outside the debugger the same way (a test store of the feature).
@usableFromInline
package struct FeatureStoreParts<State: Sendable, Action: Sendable> {
  /// The state a new session starts from.
  package let initialState: State
  /// The feature's reducer.
  package let reducer: Reduce<State, Action>
  /// Its middleware.
  package let middleware: [Middleware<State, Action>]
  /// Its subscriptions.
  package let subscriptions: [Subscription<Action>]
  /// Its cycle detector's settings, when it has its own.
  package let cycleDetection: CycleDetection?

  @usableFromInline
  init(
    initialState: State, reducer: Reduce<State, Action>, middleware: [Middleware<State, Action>],
    subscriptions: [Subscription<Action>], cycleDetection: CycleDetection?
  ) {
    self.initialState = initialState
    self.reducer = reducer
    self.middleware = middleware
    self.subscriptions = subscriptions
    self.cycleDetection = cycleDetection
  }
}
