/// A value that is loaded asynchronously, with where its loading stands.
///
/// Keeps the previous value while reloading and after a failure, so a screen can go on
/// showing it.
///
/// ```swift
/// case .refresh:
///   state.todos.startLoading()
///   return .run { send in await send(.loaded(AsyncOutcome { try await api.fetch() })) }
/// case .loaded(let outcome):  // an AsyncOutcome<[Todo]>: the todos, or an AsyncFailure
///   state.todos.finish(outcome)
/// ```
public enum AsyncState<Value> {
  /// Nothing requested yet.
  case idle
  /// A load is in flight; `previous` is the value before it, if any.
  case loading(previous: Value?)
  /// The value arrived.
  case loaded(Value)
  /// The load failed; `previous` is the value before it, if any.
  case failed(AsyncFailure, previous: Value?)

  /// The newest value known: loaded, or kept from before a reload or a failure.
  public var value: Value? {
    switch self {
    case .idle: nil
    case .loading(let previous): previous
    case .loaded(let value): value
    case .failed(_, let previous): previous
    }
  }

  /// Whether a load is in flight.
  public var isLoading: Bool {
    if case .loading = self { true } else { false }
  }

  /// The failure of the last load, if it failed.
  public var failure: AsyncFailure? {
    if case .failed(let failure, _) = self { failure } else { nil }
  }

  /// Marks a load as started, keeping the current value.
  public mutating func startLoading() {
    self = .loading(previous: value)
  }

  /// Records a loaded value.
  public mutating func succeed(_ value: Value) {
    self = .loaded(value)
  }

  /// Records a failed load, keeping the current value.
  public mutating func fail(_ failure: AsyncFailure) {
    self = .failed(failure, previous: value)
  }

  /// Records the outcome of a load.
  public mutating func finish(_ result: Result<Value, some Error>) {
    switch result {
    case .success(let value): succeed(value)
    case .failure(let error): fail(AsyncFailure(error))
    }
  }

  /// Abandons a load in flight, going back to the value from before it (or to `idle`).
  /// Does nothing when no load is in flight.
  public mutating func cancelLoading() {
    guard case .loading(let previous) = self else { return }
    self = previous.map(AsyncState.loaded) ?? .idle
  }
}

extension AsyncState: Sendable where Value: Sendable {}
extension AsyncState: Equatable where Value: Equatable {}
extension AsyncState: Hashable where Value: Hashable {}
extension AsyncState: Codable where Value: Codable {}
