import Dependencies
import Sluice
import SluiceDebugger
import SluiceDependencies

extension Middleware {
  /// This middleware, run on the world its feature's reducer runs on under
  /// ``Sluice/Reducer/controlled(by:_:)``: its decisions and their jobs see the session's
  /// clock (so `--virtual-clock`, `advance` and a test's `ManualClock` move a job's
  /// `@Dependency(\.continuousClock)` sleep), the session's dates, ids and random numbers,
  /// and the dependency values `values` states.
  ///
  /// ```swift
  /// Feature("order-book", summary: "Orders", initialState: OrderBook.State(),
  ///   middleware: { environment in OrderBook.middleware.controlled(by: environment) }
  /// ) { environment in OrderBook().controlled(by: environment) }
  /// ```
  ///
  /// A middleware runs after the reduction, so what it reads is taken live, not recorded:
  /// its jobs do not run again on replay. Its ids and random numbers are drawn from the
  /// session's, as a test store of the feature draws them.
  public func controlled(
    by environment: FeatureEnvironment, _ values: @escaping @Sendable (inout DependencyValues) -> Void = { _ in }
  ) -> Self {
    let world = environment.world(stating: values)
    return Self(name: name) { action, state in
      withDependencies(world) {
        self.effect(for: action, in: state).carryingDependencies()
      }
    }
  }
}

extension Array {
  /// Each of these middleware ``Sluice/Middleware/controlled(by:_:)``: run on the session's
  /// clock, dates, ids and random numbers, and the values `values` states.
  ///
  /// ```swift
  /// middleware: { environment in OrderBook.middleware.controlled(by: environment) }
  /// ```
  public func controlled<State, Action>(
    by environment: FeatureEnvironment, _ values: @escaping @Sendable (inout DependencyValues) -> Void = { _ in }
  ) -> Self where Element == Middleware<State, Action> {
    map { $0.controlled(by: environment, values) }
  }
}

extension Subscription {
  /// This subscription, its body run on the session's clock, dates, ids and random
  /// numbers, and the values `values` states, as a controlled feature's middleware are.
  public func controlled(
    by environment: FeatureEnvironment, _ values: @escaping @Sendable (inout DependencyValues) -> Void = { _ in }
  ) -> Self {
    let world = environment.world(stating: values)
    let subscription = self
    return Self(name: name) { send in
      try await withDependencies(world) { try await subscription.body(send) }
    }
  }
}
