import HummingbirdWebSocket
import SluiceDebugger

/// One page's WebSocket: its text messages are requests for a ``PageConnection`` on the
/// main actor, whose events go back one per message, in order.
enum PageSocket {
  /// The largest request a page may send: a command line, never near this.
  static let maximumMessageSize = 1 << 20

  static func serve(
    debugger: Debugger, pageAddress: String, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
  ) async throws {
    // Unbounded: the page reads as fast as it asks, one answer per request, and a `changed`
    // between requests (a burst of changes is one, see ``LineInbox``).
    let (lines, sink) = AsyncStream<String>.makeStream()
    let connection = await PageConnection(debugger: debugger, pageAddress: pageAddress) { sink.yield($0) }
    await connection.start()
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for await line in lines { try await outbound.write(.text(line)) }
      }
      for try await message in inbound.messages(maxSize: maximumMessageSize) {
        guard case .text(let line) = message else { continue }
        await connection.deliver(line)
      }
      await connection.end()
      sink.finish()
      try await group.waitForAll()
    }
  }
}
