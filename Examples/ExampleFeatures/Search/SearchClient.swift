/// Where `Search` looks names up.
///
/// A protocol so the feature runs against ``InMemorySearchClient`` in examples and the
/// debugger, and against a test double or a real service elsewhere.
public protocol SearchClient: Sendable {
  /// The names matching `query`. Throws when the search cannot be done, and
  /// `CancellationError` when the calling task is cancelled.
  func search(_ query: String) async throws -> [String]
}
