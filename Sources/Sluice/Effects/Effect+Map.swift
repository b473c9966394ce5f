extension Effect {
  /// Transforms every action this effect sends, so a child feature's effect can run in its
  /// parent's store.
  public func map<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    rebuilt(sending: transform) { $0.map(transform) }
  }

  /// The same effect with every sent action passed through `transform` and every `.run`
  /// replaced by `transformRun(run)`: the one traversal behind ``map(_:)`` and behind
  /// marking a middleware's work as its own.
  func rebuilt<NewAction: Sendable>(
    sending transform: (Action) -> NewAction,
    running transformRun: (Run) -> Effect<NewAction>.Run
  ) -> Effect<NewAction> {
    func rebuild(_ effect: Effect) -> Effect<NewAction> {
      effect.rebuilt(sending: transform, running: transformRun)
    }
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let run):
      return Effect<NewAction>(.run(transformRun(run)))
    case .merge(let effects):
      return Effect<NewAction>(.merge(effects.map(rebuild)))
    case .concatenate(let effects):
      return Effect<NewAction>(.concatenate(effects.map(rebuild)))
    case .cancellable(let effect, let id, let cancelInFlight):
      return Effect<NewAction>(.cancellable(rebuild(effect), id: id, cancelInFlight: cancelInFlight))
    case .cancel(let id):
      return Effect<NewAction>(.cancel(id))
    case .debounce(let effect, let id, let interval):
      return Effect<NewAction>(.debounce(rebuild(effect), id: id, interval: interval))
    case .throttle(let effect, let id, let interval, let leading, let trailing):
      return Effect<NewAction>(
        .throttle(rebuild(effect), id: id, interval: interval, leading: leading, trailing: trailing))
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
    // Sends from where the job sends, so a job on the store's actor keeps taking no hop.
    let mapSend: @Sendable (Send<NewAction>) -> Send<Action> = { send in
      Send(fromJob: { action, _ in await send(transform(action)) })
    }
    let mappedOperation: Effect<NewAction>.Run.Operation = { send in
      try await operation(mapSend(send))
    }
    var mappedHandler: Effect<NewAction>.Run.Handler?
    if let handler {
      mappedHandler = { error, send in await handler(error, mapSend(send)) }
    }
    return Effect<NewAction>.Run(
      name: name, operation: mappedOperation, handler: mappedHandler, kind: kind, placement: placement)
  }
}

extension Effect {
  /// The same effect, with the work of every `.run` job it starts (its operation and its
  /// error handler) performed inside `scope`.
  ///
  /// A job runs after the reducer has returned, in a task of its own; this lets a product
  /// beside the runtime give it context captured while the reducer ran, such as
  /// task-local values. `SluiceDependencies` runs jobs with the dependency values their
  /// reducer ran with this way.
  ///
  /// - Parameter scope: Calls `work` once, inside whatever context it provides, and
  ///   returns or throws what `work` does.
  public func performingJobs(
    inside scope: @escaping @Sendable (_ work: @Sendable () async throws -> Void) async throws -> Void
  ) -> Self {
    rebuilt(sending: { $0 }) { run in run.performing(inside: scope) }
  }
}

extension Effect.Run {
  /// The same run, its operation and error handler performed inside `scope`.
  func performing(
    inside scope: @escaping @Sendable (_ work: @Sendable () async throws -> Void) async throws -> Void
  ) -> Self {
    let operation = operation
    let scopedOperation: Operation = { send in
      try await scope { try await operation(send) }
    }
    var scopedHandler: Handler?
    if let handler {
      // `scope` only throws what the work throws, and the handler throws nothing.
      scopedHandler = { error, send in try? await scope { await handler(error, send) } }
    }
    var scoped = Self(name: name, operation: scopedOperation, handler: scopedHandler)
    scoped.kind = kind
    scoped.placement = placement
    return scoped
  }
}
