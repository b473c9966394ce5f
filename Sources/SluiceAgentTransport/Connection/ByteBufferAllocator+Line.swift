import NIOCore

extension ByteBufferAllocator {
  /// `line` and its newline, as the transport writes every line.
  func line(_ line: String) -> ByteBuffer {
    var bytes = buffer(capacity: line.utf8.count + 1)
    bytes.writeString(line)
    bytes.writeInteger(UInt8(ascii: "\n"))
    return bytes
  }
}
