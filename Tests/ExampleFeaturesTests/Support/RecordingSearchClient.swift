import ExampleFeatures
import Sluice

/// A search client that remembers every query it was asked and can be told to fail, so
/// tests can count searches instead of inferring them.
actor RecordingSearchClient: SearchClient {
  private(set) var queries: [String] = []
  private var failureMessage: String?
  private let base = InMemorySearchClient()

  /// Makes every later search fail with `message`, or succeed again with `nil`.
  func setFailure(_ message: String?) {
    failureMessage = message
  }

  func search(_ query: String) async throws -> [String] {
    queries.append(query)
    if let failureMessage { throw AsyncFailure(message: failureMessage) }
    return try await base.search(query)
  }
}
