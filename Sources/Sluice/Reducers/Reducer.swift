/// Turns an action into a new state and, optionally, effects: the one place a feature's
/// state changes.
///
/// A reducer is pure and synchronous: it mutates `state` and returns an ``Effect`` describing
/// any further work; it never reaches into a store.
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable, Sendable { var count = 0 }
///   enum Action: Sendable { case increment, decrement }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .increment: state.count += 1
///     case .decrement: state.count -= 1
///     }
///     return .none
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state this reducer changes.
  associatedtype State
  /// The actions it understands.
  associatedtype Action: Sendable

  /// Applies `action` to `state` and returns the work to do next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>
}
