/// Runs a child reducer on part of a parent's state, for the parent's actions that carry a
/// child action.
///
/// ```swift
/// Scope(state: \.counter, action: Action.counterCase) { Counter() }
/// ```
///
/// Effects the child returns are mapped back into parent actions. Actions of other cases
/// pass through untouched.
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
  private let toChild: Location
  private let action: EnumCase<ParentAction, Child.Action>
  private let child: Child

  private enum Location {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case enumCase(EnumCase<ParentState, Child.State>)
  }

  /// Scopes `child` to the state at `state`.
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: EnumCase<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    toChild = .keyPath(state)
    self.action = action
    self.child = child()
  }

  /// Scopes `child` to one case of an enum state; while the state is another case, the
  /// child's actions are ignored.
  public init<ChildState, ChildAction>(
    state: EnumCase<ParentState, ChildState>,
    action: EnumCase<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    toChild = .enumCase(state)
    self.action = action
    self.child = child()
  }

  /// Runs the child reducer on the child state when the action is the child's, and lifts its effect.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = self.action.extract(action) else { return .none }
    let effect: Effect<Child.Action>
    switch toChild {
    case .keyPath(let keyPath):
      effect = child.reduce(into: &state[keyPath: keyPath], action: childAction)
    case .enumCase(let enumCase):
      guard var childState = enumCase.extract(state) else { return .none }
      effect = child.reduce(into: &childState, action: childAction)
      state = enumCase.embed(childState)
    }
    return effect.isNone ? .none : effect.map(self.action.embed)
  }
}
