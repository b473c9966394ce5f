import NIOConcurrencyHelpers
import NIOCore

/// One connected debugger. `send(_:)` never blocks and may be called from any thread or actor:
/// lines wait in a bounded buffer and are written as fast as the client reads them.
package final class AgentClient: Sendable {
  /// Unique among the clients of one server.
  package let id: Int
  private let channel: any Channel
  private let outbound: NIOLockedValueBox<Outbound>
  private let droppedNotice: @Sendable (Int) -> String

  private struct Outbound {
    var buffer: OutboundBuffer
    /// A write is scheduled on the event loop; further sends need not schedule another.
    var writeScheduled = false
    var closed = false
    /// Close the connection once the lines still waiting are written: after an error line.
    var closeWhenWritten = false
  }

  package init(id: Int, channel: any Channel, configuration: AgentConfiguration) {
    self.id = id
    self.channel = channel
    outbound = NIOLockedValueBox(
      Outbound(
        buffer: OutboundBuffer(lineLimit: configuration.outboundLineLimit, byteLimit: configuration.outboundByteLimit)
      )
    )
    droppedNotice = configuration.droppedNotice
  }

  /// Queues `line` (without its line ending) for the client, or drops and counts it if too many
  /// lines are waiting already. Does nothing once the client is closed.
  package func send(_ line: String) {
    let schedule = outbound.withLockedValue { outbound in
      guard !outbound.closed else { return false }
      outbound.buffer.append(line)
      defer { outbound.writeScheduled = true }
      return !outbound.writeScheduled
    }
    if schedule { channel.eventLoop.execute { self.writeWaitingLines() } }
  }

  /// Closes the connection; the handler then hears `disconnected`. Lines still waiting are
  /// not sent.
  package func close() {
    markClosed()
    channel.close(promise: nil)
  }

  /// Every line dropped for this client so far because it read too slowly.
  package var droppedLineCount: Int {
    outbound.withLockedValue { $0.buffer.droppedTotal }
  }

  /// Queues `line` as the last (beyond the bound, an error line must not be dropped), and
  /// closes the connection once everything queued is written.
  package func sendLastLine(_ line: String) {
    closeWhenWritten(appending: line)
  }

  /// Closes the connection once every line queued is written: the end of a run whose last
  /// lines (its summary) must reach the client.
  package func closeWhenWritten() {
    closeWhenWritten(appending: nil)
  }

  private func closeWhenWritten(appending line: String?) {
    let schedule = outbound.withLockedValue { outbound in
      guard !outbound.closed else { return false }
      outbound.closed = true
      outbound.closeWhenWritten = true
      if let line { outbound.buffer.appendBeyondBound(line) }
      defer { outbound.writeScheduled = true }
      return !outbound.writeScheduled
    }
    if schedule { channel.eventLoop.execute { self.writeWaitingLines() } }
  }

  /// Stops queuing lines, for a connection that is closing.
  package func markClosed() {
    outbound.withLockedValue { outbound in
      outbound.closed = true
      outbound.buffer.removeAll()
    }
  }

  /// Writes waiting lines while the channel is writable: what does not fit under its high
  /// watermark stays here, within the bound, until `channelWritabilityChanged` calls again.
  /// Runs on the event loop.
  package func writeWaitingLines() {
    channel.eventLoop.preconditionInEventLoop()
    outbound.withLockedValue { $0.writeScheduled = false }
    guard channel.isActive else { return }
    var wrote = false
    while channel.isWritable, let entry = outbound.withLockedValue({ $0.buffer.popFirst() }) {
      let text =
        switch entry {
        case .line(let line): line
        case .dropped(let count): droppedNotice(count)
        }
      channel.write(channel.allocator.line(text), promise: nil)
      wrote = true
    }
    if wrote { channel.flush() }
    if outbound.withLockedValue({ $0.closeWhenWritten && $0.buffer.isEmpty }) {
      // An empty write completes after every write before it; then the error line is out.
      let channel = self.channel
      channel.writeAndFlush(channel.allocator.buffer(capacity: 0)).whenComplete { _ in channel.close(promise: nil) }
    }
  }
}
