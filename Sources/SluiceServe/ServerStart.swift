import NIOConcurrencyHelpers

/// How the server's start went, told from its task to the one that waits for it: the port
/// it listens on, or why it could not; then the page's address, which open pages give `ui`.
final class ServerStart: Sendable {
  private let outcomes: AsyncStream<Result<Int, ServeError>>
  private let outcomeSink: AsyncStream<Result<Int, ServeError>>.Continuation
  // `NIOLockedValueBox`: `Synchronization.Mutex` needs macOS 15, the package supports 14.
  private let spelled = NIOLockedValueBox("")

  init() {
    (outcomes, outcomeSink) = AsyncStream.makeStream(bufferingPolicy: .bufferingOldest(1))
  }

  /// The server listens on `port`.
  func started(port: Int?) {
    guard let port else { return failed("the page's server listens on no IP port") }
    outcomeSink.yield(.success(port))
  }

  /// The server could not start, or stopped.
  func failed(_ message: String) {
    outcomeSink.yield(.failure(ServeError(message)))
  }

  /// The first outcome: waits for it.
  func outcome() async -> Result<Int, ServeError> {
    for await outcome in outcomes { return outcome }
    return .failure(ServeError("the page's server stopped before it listened"))
  }

  /// The page's address, once known.
  var address: String {
    get { spelled.withLockedValue { $0 } }
    set { spelled.withLockedValue { $0 = newValue } }
  }
}
