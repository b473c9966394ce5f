import NIOCore

/// Splits a connection's bytes into lines: `\n` ends a line, a `\r` before it is dropped.
///
/// A line may be at most `limit` bytes. The framer never holds more than `limit` bytes of an
/// unfinished line plus the chunk just read: past that the line is refused at once, so that a
/// 100 MB line never takes 100 MB. Bytes that are not UTF-8 are refused too; the connection
/// answers both with an error line and closes.
package struct LineFramer {
  package enum Failure: Error, Equatable {
    case tooLong(limit: Int)
    case notUTF8
  }

  /// The longest line, in bytes: small until a TCP client has authenticated, then larger.
  package var limit: Int
  private var pending: ByteBuffer
  /// How far past the reader index `pending` has been searched for a newline, so that a long
  /// line arriving in many small chunks is searched once, not once per chunk.
  private var searched = 0

  package init(limit: Int) {
    self.limit = limit
    pending = ByteBufferAllocator().buffer(capacity: 0)
  }

  /// Adds the bytes just read.
  package mutating func append(_ bytes: inout ByteBuffer) {
    pending.writeBuffer(&bytes)
  }

  /// The next complete line, nil if there is none yet, or the failure that ends the connection.
  package mutating func nextLine() throws(Failure) -> String? {
    let view = pending.readableBytesView
    guard let newline = view.dropFirst(searched).firstIndex(of: UInt8(ascii: "\n")) else {
      searched = view.count
      // One byte more than the limit may be a `\r` waiting for its `\n`.
      if view.count > limit + 1 { throw .tooLong(limit: limit) }
      return nil
    }
    var line = view[view.startIndex..<newline]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    guard line.count <= limit else { throw .tooLong(limit: limit) }
    let text = String(decoding: line, as: UTF8.self)
    // Decoding replaces bad bytes with U+FFFD, so a string that differs from the bytes had some.
    guard text.utf8.elementsEqual(line) else { throw .notUTF8 }
    pending.moveReaderIndex(forwardBy: newline - view.startIndex + 1)
    searched = 0
    if pending.readerIndex > 64 << 10 { pending.discardReadBytes() }
    return text
  }
}
