extension Effect {
  /// Performs this effect without a store, for tests of code that returns effects: runs and
  /// sends happen in order, merged parts concurrently. Timing (debounce, throttle) and
  /// cancellation belong to a store and are not applied: the delayed effect simply runs.
  func runOutsideStore(send: Send<Action>) async throws {
    switch operation {
    case .none, .cancel:
      return
    case .send(let action):
      await send(action)
    case .run(let run):
      do {
        try await run.operation(send)
      } catch {
        guard let handler = run.handler, !(error is CancellationError) else { throw error }
        await handler(error, send)
      }
    case .merge(let effects):
      try await withThrowingTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { try await effect.runOutsideStore(send: send) }
        }
        try await group.waitForAll()
      }
    case .concatenate(let effects):
      for effect in effects {
        try await effect.runOutsideStore(send: send)
      }
    case .cancellable(let effect, _, _), .debounce(let effect, _, _), .throttle(let effect, _, _, _, _):
      try await effect.runOutsideStore(send: send)
    }
  }
}
