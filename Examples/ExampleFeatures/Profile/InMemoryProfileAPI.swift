/// A profile service kept in memory: the name it was last given, answered after a latency
/// on an injected clock.
public actor InMemoryProfileAPI {
  private var savedName: String
  private let latency: Duration
  private let clock: any Clock<Duration>

  /// Creates the service.
  ///
  /// - Parameters:
  ///   - name: The name before any save.
  ///   - latency: How long each call waits on `clock`.
  ///   - clock: Where the latency is slept; pass a test clock to control it.
  public init(name: String = "Ada Lovelace", latency: Duration = .zero, clock: any Clock<Duration> = ContinuousClock()) {
    savedName = name
    self.latency = latency
    self.clock = clock
  }

  /// The saved name.
  public func name() async throws -> String {
    try await simulateLatency(latency, on: clock)
    return savedName
  }

  /// Saves `name`.
  public func save(_ name: String) async throws {
    try await simulateLatency(latency, on: clock)
    savedName = name
  }
}
