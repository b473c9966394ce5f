/// The UTF-8 bytes of one piece of action text, with the arithmetic that turns a
/// byte offset into a column and a snippet for an error.
///
/// Parsing works on bytes so that a 1 MB line is scanned once; columns are only
/// computed when an error is reported.
struct ActionSource {
  /// The text as valid UTF-8 (it always comes from a `String`).
  let bytes: [UInt8]

  /// Most characters a snippet shows.
  private static let snippetLength = 16

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  var count: Int { bytes.count }

  /// The byte at `offset`, or `nil` past the end.
  subscript(_ offset: Int) -> UInt8? {
    offset < bytes.count ? bytes[offset] : nil
  }

  /// The 1-based column in characters of the byte at `offset`.
  func column(at offset: Int) -> Int {
    String(decoding: bytes[..<min(offset, bytes.count)], as: UTF8.self).count + 1
  }

  /// Text starting at `offset`: `length` bytes when given, else a few characters.
  func snippet(at offset: Int, length: Int? = nil) -> String {
    guard offset < bytes.count else { return "" }
    var end = min(bytes.count, offset + (length ?? Self.snippetLength * 4))
    // Never cut a scalar in half.
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    let text = String(decoding: bytes[offset..<end], as: UTF8.self)
    return String(text.prefix(Self.snippetLength))
  }

  /// An error at `offset` whose snippet is `length` bytes long (or a few characters).
  func error(_ message: String, at offset: Int, length: Int? = nil) -> ActionTextError {
    ActionTextError(
      column: column(at: offset), message: message, snippet: snippet(at: offset, length: length))
  }

  /// Decodes the scalar starting at `offset`, with the standard library's UTF-8 parser, and
  /// returns it with its length in bytes. The bytes come from a `String`, so they are valid;
  /// an offset inside a scalar would read as U+FFFD, one byte long.
  func scalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int) {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes[offset...].makeIterator()
    guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else { return ("\u{FFFD}", 1) }
    return (Unicode.UTF8.decode(encoded), encoded.count)
  }

  /// How a character is shown inside quotes in a message: itself, or escaped if invisible.
  func describeCharacter(at offset: Int) -> String {
    var shown = ""
    SwiftStringEscaping.appendEscaped(scalar(at: offset).scalar, to: &shown)
    return shown
  }
}
