/// A reducer written as a closure.
///
/// ```swift
/// let counter = Reduce<Int, CounterAction> { count, action in
///   if case .increment = action { count += 1 }
///   return .none
/// }
/// ```
public struct Reduce<State, Action: Sendable>: Reducer {
  private let body: (inout State, Action) -> Effect<Action>

  /// Creates a reducer from `body`.
  public init(_ body: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.body = body
  }

  /// Wraps any reducer with the same state and action types.
  public init<Base: Reducer>(_ base: Base) where Base.State == State, Base.Action == Action {
    body = base.reduce(into:action:)
  }

  /// Calls the closure.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body(&state, action)
  }
}
