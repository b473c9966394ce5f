extension Reducer {
  /// Runs `child` on an optional part of the state while it is present, before this reducer.
  ///
  /// Running the child first lets this reducer react to the child's actions, for instance by
  /// setting the child state to `nil` to dismiss it. A child action that arrives while the
  /// state is `nil` is ignored.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ state: WritableKeyPath<State, ChildState?>,
    action: EnumCase<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildState == Child.State, ChildAction == Child.Action {
    let child = child()
    return Reduce<State, Action> { parentState, parentAction in
      var childEffect = Effect<Action>.none
      if let childAction = action.extract(parentAction), var childState = parentState[keyPath: state] {
        let effect = child.reduce(into: &childState, action: childAction)
        parentState[keyPath: state] = childState
        childEffect = effect.isNone ? .none : effect.map(action.embed)
      }
      return .merge(childEffect, self.reduce(into: &parentState, action: parentAction))
    }
  }

  /// Runs `element` on one element of a collection of child states, addressed by id, before
  /// this reducer. An action for an id that is not in the collection is ignored.
  public func forEach<Elements, ElementAction, Element: Reducer>(
    _ elements: WritableKeyPath<State, Elements>,
    action: EnumCase<Action, IdentifiedAction<Elements.Element.ID, ElementAction>>,
    @ReducerBuilder<Elements.Element, ElementAction> element: () -> Element
  ) -> some Reducer<State, Action>
  where
    Elements: MutableCollection & RandomAccessCollection, Elements.Element: Identifiable,
    Elements.Element.ID: Sendable, Element.State == Elements.Element,
    Element.Action == ElementAction
  {
    let element = element()
    return Reduce<State, Action> { parentState, parentAction in
      var elementEffect = Effect<Action>.none
      if case .element(let id, let elementAction)? = action.extract(parentAction),
        let index = parentState[keyPath: elements].firstIndex(where: { $0.id == id })
      {
        let effect = element.reduce(
          into: &parentState[keyPath: elements][index], action: elementAction)
        if !effect.isNone {
          elementEffect = effect.map { action.embed(.element(id: id, action: $0)) }
        }
      }
      return .merge(elementEffect, self.reduce(into: &parentState, action: parentAction))
    }
  }
}
