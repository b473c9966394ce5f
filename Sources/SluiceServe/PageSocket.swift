import HummingbirdWebSocket

/// One page's WebSocket: its text messages are requests for the page's backend, whose events
/// go back one per message, in order, until the page or the backend closes it.
enum PageSocket {
  /// The largest request a page may send: a command line, never near this.
  static let maximumMessageSize = 1 << 20

  static func serve(
    backend: any PageBackend, pageAddress: String, allowsFiles: Bool, inbound: WebSocketInboundStream,
    outbound: WebSocketOutboundWriter
  ) async throws {
    // Unbounded: the page reads as fast as it asks, one answer per request, and a `changed`
    // between requests (a burst of changes is one, see `LineInbox`).
    let (lines, sink) = AsyncStream<String>.makeStream()
    // Whether the backend closed the page (the stream's end alone does not say).
    let (closings, closing) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let channel = await backend.openPage(
      address: pageAddress, allowsFiles: allowsFiles, send: { sink.yield($0) },
      close: {
        closing.yield()
        sink.finish()
      })
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for await line in lines { try await outbound.write(.text(line)) }
        closing.finish()
        // The backend answers the page no more: the page is told, and its socket closes.
        for await _ in closings {
          try await outbound.close(.normalClosure, reason: "the page is not answered")
          break
        }
      }
      for try await message in inbound.messages(maxSize: maximumMessageSize) {
        guard case .text(let line) = message else { continue }
        channel.notice(line)
        await channel.deliver(line)
      }
      await channel.end()
      sink.finish()
      try await group.waitForAll()
    }
  }
}
