/// Lists middleware one per line, with `if` and `for` among them, in the trailing closure of
/// a store's initializer.
///
/// ```swift
/// let store = Store(initialState: Checkout.State(), reducer: Checkout()) {
///   Checkout.validationMiddleware
///   if configuration.tracksAnalytics { Checkout.analyticsMiddleware(recorder: recorder) }
/// }
/// ```
@resultBuilder
public enum MiddlewareBuilder<State: Sendable, Action: Sendable> {
  /// One middleware.
  public static func buildExpression(_ middleware: Middleware<State, Action>) -> [Middleware<State, Action>] {
    [middleware]
  }
  /// Several middleware, already in a list.
  public static func buildExpression(_ middleware: [Middleware<State, Action>]) -> [Middleware<State, Action>] {
    middleware
  }
  /// The middleware of each line, in order.
  public static func buildBlock(_ parts: [Middleware<State, Action>]...) -> [Middleware<State, Action>] {
    parts.flatMap { $0 }
  }
  /// The middleware of an `if` that ran, or none.
  public static func buildOptional(_ part: [Middleware<State, Action>]?) -> [Middleware<State, Action>] { part ?? [] }
  /// The middleware of the first branch taken.
  public static func buildEither(first part: [Middleware<State, Action>]) -> [Middleware<State, Action>] { part }
  /// The middleware of the second branch taken.
  public static func buildEither(second part: [Middleware<State, Action>]) -> [Middleware<State, Action>] { part }
  /// The middleware of every pass of a `for` loop, in order.
  public static func buildArray(_ parts: [[Middleware<State, Action>]]) -> [Middleware<State, Action>] {
    parts.flatMap { $0 }
  }
}

extension Store {
  /// Creates a store whose middleware are listed in a trailing closure, one per line.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: Reduces every action.
  ///   - clock: Timed effects and the cycle detector read it.
  ///   - cycleDetection: Turns on the cycle detector; `nil` leaves it off.
  ///   - monitor: Receives every event.
  ///   - isolation: The actor the store lives on; by default the caller's, as for
  ///     ``init(initialState:reducer:middleware:subscriptions:clock:cycleDetection:monitor:isolation:)``.
  ///   - middleware: Asked, in the order listed, after each reduction what work to do.
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: R,
    clock: any Clock<Duration> = ContinuousClock(),
    cycleDetection: CycleDetection? = nil,
    monitor: (any StoreMonitor<State, Action>)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    @MiddlewareBuilder<State, Action> middleware: () -> [Middleware<State, Action>]
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, reducer: reducer, middleware: middleware(), clock: clock,
      cycleDetection: cycleDetection, monitor: monitor, isolation: isolation)
  }
}
