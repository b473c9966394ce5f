/// Where `Todos` loads its list from.
///
/// A protocol so the feature can run against ``InMemoryTodosAPI`` in examples, tests and the
/// debugger, and against a real server in an app.
public protocol TodosAPI: Sendable {
  /// Fetches the whole list. Throws when the list cannot be fetched, and `CancellationError`
  /// when the calling task is cancelled.
  func fetchTodos() async throws -> [Todo]
}
