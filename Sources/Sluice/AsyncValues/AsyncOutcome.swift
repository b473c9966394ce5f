/// How a piece of async work ended: its value, or an ``AsyncFailure``. An action can carry it,
/// because it is `Codable` (when the value is), where `Result<Value, AsyncFailure>` is not: a
/// feature whose actions carry outcomes can be saved, loaded and replayed by the debugger.
///
/// ```swift
/// enum Action: Equatable, Sendable, Codable {
///   case load
///   case loaded(AsyncOutcome<[String]>)
/// }
///
/// case .load:
///   state.todos.startLoading()
///   return .run(name: "load todos") { send in
///     await send(.loaded(AsyncOutcome { try await api.fetchTodos() }))
///   }
/// case .loaded(let outcome):
///   state.todos.finish(outcome)  // the value, or the failure beside the value before
/// ```
///
/// The `then:` of ``AsyncState/loadIfNeeded(name:_:then:)``,
/// ``AsyncState/reload(name:_:then:)`` and ``OperationTracker/run(_:name:_:then:)`` hands over
/// a `Result`; `AsyncOutcome($0)` turns it into an outcome.
public enum AsyncOutcome<Value> {
  /// The work produced `value`.
  case success(Value)
  /// The work failed, or was cancelled.
  case failure(AsyncFailure)

  /// The outcome `result` holds: its value, or its error kept as an ``AsyncFailure`` (a
  /// description and a category).
  public init(_ result: Result<Value, some Error>) {
    switch result {
    case .success(let value): self = .success(value)
    case .failure(let error): self = .failure(AsyncFailure(error))
    }
  }

  /// Runs `work` and keeps how it ended: its value, or the error it threw as an
  /// ``AsyncFailure`` (a `CancellationError` is a `cancelled` failure).
  public init(
    isolation: isolated (any Actor)? = #isolation,
    catching work: () async throws -> Value
  ) async {
    do {
      self = .success(try await work())
    } catch {
      self = .failure(AsyncFailure(error))
    }
  }

  /// The outcome as a `Result`, for code written against one.
  public var result: Result<Value, AsyncFailure> {
    switch self {
    case .success(let value): .success(value)
    case .failure(let failure): .failure(failure)
    }
  }

  /// The value, if the work succeeded.
  public var value: Value? {
    if case .success(let value) = self { value } else { nil }
  }

  /// The failure, if the work failed.
  public var failure: AsyncFailure? {
    if case .failure(let failure) = self { failure } else { nil }
  }

  /// The value, or the failure thrown.
  public func get() throws(AsyncFailure) -> Value {
    switch self {
    case .success(let value): value
    case .failure(let failure): throw failure
    }
  }
}

extension AsyncOutcome: Sendable where Value: Sendable {}
extension AsyncOutcome: Equatable where Value: Equatable {}
extension AsyncOutcome: Hashable where Value: Hashable {}
extension AsyncOutcome: Codable where Value: Codable {}

extension AsyncState {
  /// Records the outcome of a load: the value, or the failure beside the value before it.
  public mutating func finish(_ outcome: AsyncOutcome<Value>) {
    switch outcome {
    case .success(let value): succeed(value)
    case .failure(let failure): fail(failure)
    }
  }
}

extension OperationTracker {
  /// Ends a run of `operation` with its outcome: a failure is kept, a success clears it.
  public mutating func finish<Value>(_ operation: Operation, _ outcome: AsyncOutcome<Value>) {
    end(operation, failure: outcome.failure)
  }
}
