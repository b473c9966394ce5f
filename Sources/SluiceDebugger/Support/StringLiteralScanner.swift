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
    if isInString {
      if isEscaped {
        isEscaped = false
      } else if character == "\\" {
        isEscaped = true
      } else if character == "\"" {
        isInString = false
      }
      return true
    }
    if character == "\"" {
      isInString = true
      return true
    }
    return false
  }
}
