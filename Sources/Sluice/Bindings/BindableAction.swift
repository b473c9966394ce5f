/// An action with a case for bindings, `case binding(BindingAction<State>)`: what
/// ``BindingReducer`` and ``Store/set(_:to:)`` need to know about it.
public protocol BindableAction: Sendable {
  /// The state the bindings set.
  associatedtype State

  /// The binding case: `.binding(action)`.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding this action carries, if it is the binding case.
  var binding: BindingAction<State>? { get }
}

/// Applies every binding action to the state and returns no effect; other actions pass
/// through untouched. Put it before the feature's own reducer, so the feature sees the
/// property already set when it reacts to the binding:
///
/// ```swift
/// let feature = CombineReducers {
///   BindingReducer<State, Action>()
///   Reduce<State, Action> { state, action in … }
/// }
/// ```
public struct BindingReducer<State, Action: BindableAction>: Reducer where Action.State == State {
  /// A reducer for the binding case.
  public init() {}

  /// Sets the property a binding names; does nothing for other actions.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    action.binding?.apply(to: &state)
    return .none
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// Sends a binding that sets the property at `keyPath` to `value`: what a text field or a
  /// toggle calls. A SwiftUI binding is one line:
  /// `Binding(get: { store.state.query }, set: { store.set(\.query, to: $0) })`.
  public func set<Value: Codable & Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value> & Sendable, to value: Value
  ) {
    send(.binding(.set(keyPath, value)))
  }
}
