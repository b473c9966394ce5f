extension Store {
  /// The current state, then the state after every reduction.
  ///
  /// Any number of consumers may iterate; each gets its own sequence. The sequence buffers
  /// what its consumer has not read yet.
  public var states: AsyncStream<State> {
    broadcaster.stream(startingWith: storage.state.pointee, { $0 }, isDuplicate: { _, _ in false })
  }

  /// One property of the state: its current value, then every change.
  ///
  /// A property marked ``Triggered`` changes at every assignment, even of an equal value, so
  /// its sequence has a value for each.
  public func values<Value: Sendable>(of keyPath: KeyPath<State, Value> & Sendable) -> AsyncStream<Value>
  where Value: Equatable {
    broadcaster.stream(
      startingWith: storage.state.pointee,
      observing: { TriggeredReading(of: keyPath, in: $0) },
      isDuplicate: ==,
      yielding: \.value)
  }

  /// A store for one part of this store's state, which changes, and notifies its observers,
  /// only when that part changes. Actions sent to it are embedded and sent here.
  public func scope<ChildState: Equatable & Sendable, ChildAction: Sendable>(
    state: KeyPath<State, ChildState> & Sendable,
    action: EnumCase<Action, ChildAction>
  ) -> ScopedStore<ChildState, ChildAction> {
    ScopedStore(
      initialState: storage.state.pointee[keyPath: state],
      broadcaster: broadcaster, toChild: { $0[keyPath: state] },
      send: { [weak self] childAction in self?.send(action.embed(childAction)) })
  }
}

extension Store where State: Equatable {
  /// The current state, then the state after every reduction that changed it: a reduction
  /// that leaves the state equal to the one before is skipped.
  public var states: AsyncStream<State> {
    broadcaster.stream(startingWith: storage.state.pointee, { $0 }, isDuplicate: ==)
  }
}
