#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads lines from a pipe or a file: no prompt, no editing, no history. What the shell
/// uses when its input is not a terminal, so `echo send .increment | sluice` runs like a
/// script.
///
/// A line ends at `\n` (a `\r` before it is dropped); the last line needs no line break.
/// Bytes that are not UTF-8 become U+FFFD, so the shell can name the line as broken.
public final class PlainLineReader: LineReader {
  private let worker = BlockingWorker(name: "sluice.plain-input")
  private let buffer: InputBuffer

  /// Reads from the file descriptor `fileDescriptor` (standard input by default), which
  /// stays open.
  public init(fileDescriptor: Int32 = STDIN_FILENO) {
    buffer = InputBuffer(fileDescriptor: fileDescriptor)
  }

  /// The next line of input, without its line break; `prompt` is not shown.
  public func readLine(prompt: Prompt) async -> LineInput {
    let buffer = self.buffer
    return await worker.run { buffer.nextLine() }
  }
}

/// Bytes read and not yet handed out, touched only on the reader's worker thread.
///
/// `@unchecked Sendable` is safe: the reader calls `nextLine` only from its
/// `BlockingWorker`, which runs one item at a time on a single thread.
private final class InputBuffer: @unchecked Sendable {
  let fileDescriptor: Int32
  private var bytes: [UInt8] = []
  private var start = 0
  private var isAtEnd = false

  init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
  }

  func nextLine() -> LineInput {
    while true {
      if let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = String(decoding: bytes[start..<end], as: UTF8.self)
        start = newline + 1
        compact()
        return .line(line)
      }
      if isAtEnd {
        guard start < bytes.count else { return .endOfInput }
        let line = String(decoding: bytes[start...], as: UTF8.self)
        start = bytes.count
        return .line(line)
      }
      fill()
    }
  }

  /// Reads what is available, or notes the end of input (end of file, or an error that
  /// reading again would not cure).
  private func fill() {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
        return
      }
      if count < 0 && errno == EINTR { continue }
      isAtEnd = true
      return
    }
  }

  /// Drops handed-out bytes once they are most of the buffer, so a long input does not
  /// keep every line it ever read.
  private func compact() {
    if start > 64 * 1024 && start * 2 > bytes.count {
      bytes.removeFirst(start)
      start = 0
    }
  }
}
