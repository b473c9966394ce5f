/// A ``TodosAPI`` that answers from memory after a configurable latency, and fails on
/// demand, so loading, cancelling and error handling can be exercised without a server.
///
/// An actor, because tests and the debugger reconfigure it while requests are in flight.
///
/// ```swift
/// let clock = TestClock()
/// let api = InMemoryTodosAPI(latency: .seconds(1), clock: clock, failures: .next(1, message: "Offline"))
/// ```
public actor InMemoryTodosAPI: TodosAPI {
  /// A short list to start from, so a fresh feature has something to load.
  public static let sampleTodos: [Todo] = [
    Todo(id: 1, title: "Buy milk"),
    Todo(id: 2, title: "Walk the dog", isDone: true),
    Todo(id: 3, title: "Write the report"),
  ]

  /// What the next request will return.
  public private(set) var todos: [Todo]
  /// How long each request takes, on `clock`.
  public private(set) var latency: Duration
  /// Which requests fail.
  public private(set) var failures: FailurePlan
  /// How many requests arrived, including those later cancelled or failed.
  public private(set) var fetchCount = 0

  private let clock: any Clock<Duration>

  /// Creates the in-memory API.
  ///
  /// - Parameters:
  ///   - todos: The list requests return.
  ///   - latency: How long each request waits on `clock` before answering.
  ///   - clock: Where the latency is slept; pass a test clock to control it.
  ///   - failures: Which requests fail, and with what message.
  public init(
    todos: [Todo] = sampleTodos,
    latency: Duration = .zero,
    clock: any Clock<Duration> = ContinuousClock(),
    failures: FailurePlan = .never
  ) {
    self.todos = todos
    self.latency = latency
    self.clock = clock
    self.failures = failures
  }

  /// Replaces the list that later requests return, as if someone else edited it.
  public func setTodos(_ todos: [Todo]) {
    self.todos = todos
  }

  /// Changes how long later requests take.
  public func setLatency(_ latency: Duration) {
    self.latency = latency
  }

  /// Changes which requests fail.
  public func setFailures(_ failures: FailurePlan) {
    self.failures = failures
  }

  /// Returns the list as it was when the request arrived, after the latency, or throws the
  /// planned failure as an `AsyncFailure`.
  public func fetchTodos() async throws -> [Todo] {
    fetchCount += 1
    // Snapshot first, like a server answering from the data it read, so a later `setTodos`
    // tells two overlapping requests apart.
    let snapshot = todos
    try await simulateLatency(latency, on: clock)
    // Decided after the wait: a request cancelled while waiting uses up no planned failure.
    if let failure = failures.nextFailure() { throw failure }
    return snapshot
  }
}
