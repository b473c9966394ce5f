extension Effect {
  /// Transforms every action this effect sends, so a child feature's effect can run in its
  /// parent's store.
  public func map<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let run):
      return Effect<NewAction>(.run(run.map(transform)))
    case .merge(let effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(.concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Effect<NewAction>(.cancellable(effect.map(transform), id: id, cancelInFlight: cancelInFlight))
    case .cancel(let id):
      return Effect<NewAction>(.cancel(id))
    case .debounce(let effect, let id, let interval):
      return Effect<NewAction>(.debounce(effect.map(transform), id: id, interval: interval))
    case .throttle(let effect, let id, let interval, let latest):
      return Effect<NewAction>(
        .throttle(effect.map(transform), id: id, interval: interval, latest: latest))
    }
  }
}

extension Effect.Run {
  /// The same run, sending transformed actions.
  func map<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction>.Run {
    let operation = operation
    let handler = handler
    let mapSend: @Sendable (Send<NewAction>) -> Send<Action> = { send in
      Send { @MainActor action in send(transform(action)) }
    }
    let mappedOperation: @Sendable (Send<NewAction>) async throws -> Void = { send in
      try await operation(mapSend(send))
    }
    var mappedHandler: (@Sendable (any Error, Send<NewAction>) async -> Void)?
    if let handler {
      mappedHandler = { error, send in await handler(error, mapSend(send)) }
    }
    return Effect<NewAction>.Run(name: name, operation: mappedOperation, handler: mappedHandler)
  }
}
