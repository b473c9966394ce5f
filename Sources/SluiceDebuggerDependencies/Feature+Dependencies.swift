import Dependencies
import Sluice
import SluiceDebugger
import SluiceDependencies

extension Feature {
  /// Describes a feature that runs on swift-dependencies, stating once the dependency values
  /// it runs on: its reducer, every middleware and every subscription are
  /// ``Sluice/Reducer/controlled(by:_:)`` with them, so the hosted session, a test store of the
  /// feature (`TestStore(feature:in:)`), a `SluiceScript` test and the session a failing test
  /// writes all run on the same values, the session's clock, dates, ids and random numbers.
  ///
  /// ```swift
  /// Feature(
  ///   "order-book", summary: "Orders against the inventory", initialState: OrderBook.State(),
  ///   dependencies: { $0.inventory = .liveValue },
  ///   middleware: { _ in OrderBook.middleware }
  /// ) { _ in
  ///   OrderBook()
  /// }
  /// ```
  ///
  /// A dependency `dependencies` does not set resolves as swift-dependencies resolves it
  /// where the store runs: its `liveValue` in the debugger executable, its `testValue` under
  /// `swift test`. The session's clock, dates, ids and random numbers win over a value
  /// `dependencies` sets for them: they are the ones recorded and replayed.
  ///
  /// - Parameters:
  ///   - name: How commands name it.
  ///   - summary: One line for `features`.
  ///   - initialState: The state a new session starts from.
  ///   - cycleDetection: The cycle detector's settings for this feature, when the debugger's
  ///     defaults do not suit it.
  ///   - secretPaths: State paths the debugger never shows (`"user.token"`).
  ///   - dependencies: Sets the dependency values the feature runs on, everywhere it is run
  ///     from this registration.
  ///   - middleware: Builds the middleware, given the session's environment; each is run on
  ///     the values.
  ///   - subscriptions: Builds the store's subscriptions, given the session's environment;
  ///     each is run on the values.
  ///   - reducer: Builds the reducer, given the session's environment; it is run on the
  ///     values, and what it reads of the session's is recorded.
  @inlinable
  public init<R: Reducer>(
    _ name: String,
    summary: String,
    initialState: R.State,
    cycleDetection: CycleDetection? = nil,
    redacting secretPaths: [String] = [],
    dependencies: @escaping @Sendable (inout DependencyValues) -> Void,
    middleware: @escaping @Sendable (FeatureEnvironment) -> [Middleware<R.State, R.Action>] = { _ in [] },
    subscriptions: @escaping @Sendable (FeatureEnvironment) -> [Subscription<R.Action>] = { _ in [] },
    reducer: @escaping @Sendable (FeatureEnvironment) -> R
  ) where R: SendableMetatype, R.State: Codable & Equatable & Sendable, R.Action: Codable {
    // `SendableMetatype`: the reducer is wrapped in a closure any thread may call, so its
    // conformance to `Reducer` must not be isolated to an actor.
    self.init(
      name, summary: summary, initialState: initialState, cycleDetection: cycleDetection, redacting: secretPaths,
      middleware: { environment in middleware(environment).controlled(by: environment, dependencies) },
      subscriptions: { environment in subscriptions(environment).map { $0.controlled(by: environment, dependencies) } },
      reducer: { environment in reducer(environment).controlled(by: environment, dependencies) })
  }
}
