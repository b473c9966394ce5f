/// Reads the Debug Adapter Protocol's framing from bytes as they arrive: a header of
/// `Name: value` lines ended by an empty line, whose `Content-Length` counts the bytes (not
/// characters) of the JSON body that follows.
///
/// Written by hand: the framing is these few rules, and no package we depend on speaks it.
/// Bounded: a header longer than ``maximumHeaderBytes`` or a body longer than
/// ``maximumBodyBytes`` is refused before it is buffered, and the reader then has nothing
/// more to give (the stream cannot be resynchronised).
public struct FrameReader {
  /// What reading gives: a frame's body, or why the stream cannot be read on.
  public enum Item: Equatable, Sendable {
    /// A whole frame's body.
    case body([UInt8])
    /// The stream broke the framing; nothing after it can be read.
    case broken(String)
  }

  /// The longest header taken, in bytes: a header is a line or two.
  public static let maximumHeaderBytes = 4096
  /// The longest body taken, in bytes.
  public static let maximumBodyBytes = 16 << 20

  private var buffer: [UInt8] = []
  /// How many bytes of the buffer were consumed.
  private var start = 0
  /// The body length the header read announced, while its body is awaited.
  private var awaitedLength: Int?
  private var isBroken = false

  /// A reader with nothing read yet.
  public init() {}

  /// Takes `bytes`, and returns every frame they complete (and a `broken` item, last, when
  /// the framing breaks).
  public mutating func take(_ bytes: some Sequence<UInt8>) -> [Item] {
    guard !isBroken else { return [] }
    buffer.append(contentsOf: bytes)
    var items: [Item] = []
    while true {
      if let length = awaitedLength {
        guard buffer.count - start >= length else { break }
        items.append(.body(Array(buffer[start..<start + length])))
        start += length
        awaitedLength = nil
        continue
      }
      switch readHeader() {
      case .incomplete:
        compact()
        return items
      case .length(let length):
        awaitedLength = length
      case .broken(let reason):
        isBroken = true
        buffer = []
        start = 0
        return items + [.broken(reason)]
      }
    }
    compact()
    return items
  }

  /// What is left when the stream ends: nothing, or a frame cut short.
  public var endOfStreamProblem: String? {
    guard !isBroken else { return nil }
    if let awaitedLength {
      return "the stream ended \(buffer.count - start) bytes into a body of \(awaitedLength)"
    }
    return buffer.count > start ? "the stream ended inside a header" : nil
  }

  private enum Header {
    case incomplete
    case length(Int)
    case broken(String)
  }

  /// Reads the header at `start`, when all of it has arrived.
  private mutating func readHeader() -> Header {
    let separator: [UInt8] = [13, 10, 13, 10]
    let available = buffer.count - start
    guard let end = buffer[start...].firstRange(of: separator)?.lowerBound else {
      if available > Self.maximumHeaderBytes {
        return .broken("a header longer than \(Self.maximumHeaderBytes) bytes, with no empty line to end it")
      }
      return .incomplete
    }
    guard end - start <= Self.maximumHeaderBytes else {
      return .broken("a header longer than \(Self.maximumHeaderBytes) bytes")
    }
    let text = String(decoding: buffer[start..<end], as: UTF8.self)
    start = end + separator.count
    var length: Int?
    for line in text.split(separator: "\r\n", omittingEmptySubsequences: false) {
      guard let colon = line.firstIndex(of: ":") else {
        return .broken("a header line without a colon: \(line.prefix(80))")
      }
      let name = line[..<colon].trimmingSpaces.lowercased()
      guard name == "content-length" else { continue }
      let value = line[line.index(after: colon)...].trimmingSpaces
      guard let parsed = Int(value), parsed >= 0, value.allSatisfy(\.isASCII) else {
        return .broken("Content-Length is \(value.prefix(40)), not a count of bytes")
      }
      guard parsed <= Self.maximumBodyBytes else {
        return .broken("Content-Length \(parsed) is more than the \(Self.maximumBodyBytes) bytes a message may hold")
      }
      length = parsed
    }
    guard let length else { return .broken("a header without Content-Length") }
    return .length(length)
  }

  /// Drops the consumed bytes once they are most of the buffer.
  private mutating func compact() {
    guard start > 0, start * 2 >= buffer.count else { return }
    buffer.removeFirst(start)
    start = 0
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    var text = self
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return String(text)
  }
}

/// Writes one message in the protocol's framing: its body's length in bytes, an empty line,
/// the body.
public func framed(_ body: [UInt8]) -> [UInt8] {
  Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
}
