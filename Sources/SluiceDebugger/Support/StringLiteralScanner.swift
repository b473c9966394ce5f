/// Follows, one character at a time, whether a scan of command text is inside a Swift
/// string literal, escapes included.
///
/// Everything that scans a command before parsing it (stripping comments, splitting a
/// condition at its operator, completing a path, deciding whether a line continues) must
/// skip what sits inside quotes, by the same rule.
public struct StringLiteralScanner: Sendable {
  /// Whether the characters consumed so far end inside an open string literal.
  public private(set) var isInString = false
  private var isEscaped = false

  /// Starts outside any string literal.
  public init() {}

  /// Takes the next character and says whether it belongs to a string literal, its
  /// opening and closing quotes included.
  public mutating func consume(_ character: Character) -> Bool {
    consume(ascii: character == "\"" ? UInt8(ascii: "\"") : character == "\\" ? UInt8(ascii: "\\") : nil)
  }

  /// Takes the next character given as its ASCII code (`nil` for any other character), for
  /// scanners that read bytes; says whether it belongs to a string literal.
  mutating func consume(ascii code: UInt8?) -> Bool {
    if isInString {
      if isEscaped {
        isEscaped = false
      } else if code == UInt8(ascii: "\\") {
        isEscaped = true
      } else if code == UInt8(ascii: "\"") {
        isInString = false
      }
      return true
    }
    if code == UInt8(ascii: "\"") {
      isInString = true
      return true
    }
    return false
  }
}
