import NIOCore

/// The first handler of a client's pipeline (inside NIO's `ByteToMessageHandler`): splits the
/// connection's bytes into lines. `\n` ends a line, a `\r` before it is dropped.
///
/// A line may be at most ``Limit/bytes`` long. The decoder never holds more than that of an
/// unfinished line plus the chunk just read: past it the line is refused at once, so that a
/// 100 MB line never takes 100 MB. Bytes that are not UTF-8 are refused too. A refusal is a
/// ``Failure`` thrown into the pipeline (`errorCaught`), where the handlers after this one
/// answer it with an error line and close.
package struct LineFrameDecoder: NIOSingleStepByteToMessageDecoder {
  package typealias InboundOut = String

  /// Why the connection's bytes are refused.
  package enum Failure: Error, Equatable {
    /// A line, or an unfinished one, is longer than the limit.
    case tooLong(limit: Int)
    /// The line is not UTF-8.
    case notUTF8

    /// What the error line tells the client.
    package var message: String {
      switch self {
      case .tooLong(let limit): "line longer than \(limit) bytes"
      case .notUTF8: "the line is not valid UTF-8"
      }
    }
  }

  /// The longest line, in bytes, shared with the handler that raises it: small until a TCP
  /// client has authenticated (``AgentHandshakeHandler``), then larger. Used on the
  /// connection's event loop only.
  package final class Limit {
    /// The longest line now.
    package var bytes: Int

    /// A limit of `bytes`.
    package init(bytes: Int) {
      self.bytes = bytes
    }
  }

  private let limit: Limit
  /// How far past the reader index the buffer has been searched for a newline, so that a long
  /// line arriving in many small chunks is searched once, not once per chunk.
  private var searched = 0

  /// A decoder refusing lines longer than `limit`.
  package init(limit: Limit) {
    self.limit = limit
  }

  /// The next complete line, `nil` if there is none yet.
  package mutating func decode(buffer: inout ByteBuffer) throws -> String? {
    let view = buffer.readableBytesView
    guard let newline = view.dropFirst(searched).firstIndex(of: UInt8(ascii: "\n")) else {
      searched = view.count
      // One byte more than the limit may be a `\r` waiting for its `\n`.
      if view.count > limit.bytes + 1 { throw Failure.tooLong(limit: limit.bytes) }
      return nil
    }
    var line = view[view.startIndex..<newline]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    guard line.count <= limit.bytes else { throw Failure.tooLong(limit: limit.bytes) }
    let text = String(decoding: line, as: UTF8.self)
    // Decoding replaces bad bytes with U+FFFD, so a string that differs from the bytes had some.
    guard text.utf8.elementsEqual(line) else { throw Failure.notUTF8 }
    buffer.moveReaderIndex(forwardBy: newline - view.startIndex + 1)
    searched = 0
    return text
  }

  /// At the end of input an unfinished line is dropped: only a line ended by `\n` counts.
  package mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> String? {
    try decode(buffer: &buffer)
  }
}
