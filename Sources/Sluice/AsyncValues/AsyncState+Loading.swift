extension AsyncState where Value: Sendable {
  /// Starts loading unless a value is already loaded or a load is in flight, and returns the
  /// job that loads it; otherwise `.none`. The job sends `then` with the outcome, which the
  /// reducer hands to `finish(_:)`.
  ///
  /// ```swift
  /// case .appeared:
  ///   return state.profile.loadIfNeeded { try await api.profile() } then: { .profileLoaded($0) }
  /// case .profileLoaded(let result):
  ///   state.profile.finish(result)
  /// ```
  public mutating func loadIfNeeded<Action: Sendable>(
    name: String = "load",
    _ load: @escaping @Sendable () async throws -> Value,
    then: @escaping @Sendable (Result<Value, AsyncFailure>) -> Action
  ) -> Effect<Action> {
    if case .loaded = self { return .none }
    if isLoading { return .none }
    return reload(name: name, load, then: then)
  }

  /// Starts loading again, keeping the value shown until the new one arrives, and returns
  /// the job that loads it. Give it `.cancellable(id:cancelInFlight: true)` so that a
  /// reload replaces a load still in flight.
  public mutating func reload<Action: Sendable>(
    name: String = "load",
    _ load: @escaping @Sendable () async throws -> Value,
    then: @escaping @Sendable (Result<Value, AsyncFailure>) -> Action
  ) -> Effect<Action> {
    startLoading()
    return .outcome(of: load, name: name, then: then)
  }
}

extension OperationTracker {
  /// Begins `operation` and returns the job that performs `work`; the job sends `then` with
  /// the outcome, which the reducer hands to `finish(_:_:)`.
  ///
  /// ```swift
  /// case .saveTapped:
  ///   return state.operations.run(.save) { try await api.save(draft) } then: { .saved($0) }
  /// case .saved(let result):
  ///   state.operations.finish(.save, result)
  /// ```
  public mutating func run<Value: Sendable, Action: Sendable>(
    _ operation: Operation,
    name: String? = nil,
    _ work: @escaping @Sendable () async throws -> Value,
    then: @escaping @Sendable (Result<Value, AsyncFailure>) -> Action
  ) -> Effect<Action> {
    begin(operation)
    return .outcome(of: work, name: name ?? "\(operation)", then: then)
  }

  /// Ends a run of `operation` with its outcome: a failure is kept, a success clears it.
  public mutating func finish<Value>(_ operation: Operation, _ result: Result<Value, AsyncFailure>) {
    switch result {
    case .success: end(operation)
    case .failure(let failure): end(operation, failure: failure)
    }
  }
}

extension Effect {
  /// A job that performs `work` and sends `then` with its outcome, a thrown error kept as an
  /// ``AsyncFailure``.
  static func outcome<Value: Sendable>(
    of work: @escaping @Sendable () async throws -> Value, name: String,
    then: @escaping @Sendable (Result<Value, AsyncFailure>) -> Action
  ) -> Self {
    .run(name: name) { send in
      let result: Result<Value, AsyncFailure>
      do {
        result = .success(try await work())
      } catch {
        result = .failure(AsyncFailure(error))
      }
      await send(then(result))
    }
  }
}
