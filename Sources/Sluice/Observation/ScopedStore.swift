import Observation

/// A view of one part of a store's state, with its own action type.
///
/// Made with ``Store/scope(state:action:)``. It observes its parent and changes, notifying
/// Observation and its ``states`` consumers, only when its own part changes, so a view of a
/// child is not redrawn for changes elsewhere.
public final class ScopedStore<State: Equatable & Sendable, Action: Sendable> {
  private var current: State
  private let registrar = ObservationRegistrar()
  private let broadcaster: StateBroadcaster<State>
  private let sendToParent: (Action) -> StoreTask?

  init<ParentState>(
    initialState: State,
    broadcaster parent: StateBroadcaster<ParentState>,
    toChild: @escaping (ParentState) -> State,
    send: @escaping (Action) -> StoreTask?
  ) {
    current = initialState
    sendToParent = send
    broadcaster = StateBroadcaster(isolation: parent.isolation)
    parent.subscribe { [weak self] parentState in
      guard let self else { return false }
      self.update(to: toChild(parentState))
      return true
    }
  }

  /// The current state of this part.
  public var state: State {
    registrar.access(self, keyPath: \.state)
    return current
  }

  /// Sends `action`, embedded in the parent's action type, to the parent store.
  ///
  /// - Returns: The parent's task for it, or `nil` when the parent store is gone.
  @discardableResult
  public func send(_ action: Action) -> StoreTask? {
    sendToParent(action)
  }

  /// The current state, then every change of it.
  public var states: AsyncStream<State> {
    broadcaster.stream(startingWith: current, { $0 }, isDuplicate: ==)
  }

  /// A store for a part of this part.
  public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
    state: KeyPath<State, ChildState> & Sendable,
    action: EnumCase<Action, ChildAction>
  ) -> ScopedStore<ChildState, ChildAction> {
    ScopedStore<ChildState, ChildAction>(
      initialState: current[keyPath: state],
      broadcaster: broadcaster, toChild: { $0[keyPath: state] },
      send: { [weak self] childAction in self?.send(action.embed(childAction)) ?? nil })
  }

  private func update(to newState: State) {
    guard newState != current else { return }
    registrar.withMutation(of: self, keyPath: \.state) {
      current = newState
    }
    if broadcaster.hasSubscribers { broadcaster.publish(newState) }
  }
}

extension ScopedStore: Observable {}
