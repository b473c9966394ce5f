/// A ``SearchClient`` over a fixed list of names: a case-insensitive substring match,
/// answered after an optional latency on an injected clock.
public struct InMemorySearchClient: SearchClient {
  /// The names searched when none are given: pioneers of computing.
  public static let defaultNames = [
    "Ada Lovelace", "Alan Turing", "Alonzo Church", "Barbara Liskov", "Dennis Ritchie",
    "Donald Knuth", "Edsger Dijkstra", "Frances Allen", "Grace Hopper", "John McCarthy",
    "Ken Thompson", "Margaret Hamilton", "Niklaus Wirth", "Tony Hoare",
  ]

  /// The names searched, in the order results are returned.
  public let names: [String]
  /// How long each search takes on `clock`.
  public let latency: Duration
  private let clock: any Clock<Duration>

  /// Creates the client.
  ///
  /// - Parameters:
  ///   - names: What to search.
  ///   - latency: How long each search waits on `clock` before answering.
  ///   - clock: Where the latency is slept; pass a test clock to control it.
  public init(
    names: [String] = defaultNames,
    latency: Duration = .zero,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.names = names
    self.latency = latency
    self.clock = clock
  }

  /// The names containing `query`, ignoring case; every name for a blank query.
  public func search(_ query: String) async throws -> [String] {
    try await simulateLatency(latency, on: clock)
    let needle = query.lowercased()
    if needle.allSatisfy(\.isWhitespace) { return names }
    return names.filter { $0.lowercased().contains(needle) }
  }
}
