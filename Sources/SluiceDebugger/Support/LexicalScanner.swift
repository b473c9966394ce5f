/// Follows, one character at a time, where a scan of command text is: inside a Swift string
/// literal (escapes included) or not, and inside which `(` and `[` brackets.
///
/// Everything that scans a command before parsing it (stripping comments, splitting a
/// condition at its operator, telling `expect PATH changed` from a condition, splitting words
/// for completion, completing a path or an action, deciding whether a line continues) goes
/// through this one scanner, so they all agree on what is quoted and what is nested.
package struct LexicalScanner: Sendable {
  /// What the character just consumed is.
  package enum Role: Equatable, Sendable {
    /// Part of a string literal, its opening and closing quotes included.
    case quoted
    /// A `(` or `[` outside strings.
    case opening
    /// The `)` or `]` that closes the innermost open bracket.
    case closing
    /// A `)` or `]` that closes nothing open, or not the innermost bracket (`)` against
    /// `[`); the innermost bracket, if any, is taken as closed anyway.
    case mismatched
    /// Anything else outside strings.
    case plain
  }

  /// Whether the characters consumed so far end inside an open string literal.
  package private(set) var isInString = false
  /// The closers the open brackets wait for, innermost last: `[")", "]"]` after `f([`.
  package private(set) var openClosers: [Character] = []
  private var isEscaped = false

  /// Starts outside any string literal or bracket.
  package init() {}

  /// How many brackets are open.
  package var depth: Int { openClosers.count }

  /// Takes the next character and says what it is.
  package mutating func consume(_ character: Character) -> Role {
    guard let ascii = character.asciiValue else { return consume(ascii: nil) }
    return consume(ascii: ascii)
  }

  /// Takes the next character given as its ASCII code (`nil` for any other character), for
  /// scanners that read bytes; says what it is.
  mutating func consume(ascii code: UInt8?) -> Role {
    if isInString {
      if isEscaped {
        isEscaped = false
      } else if code == UInt8(ascii: "\\") {
        isEscaped = true
      } else if code == UInt8(ascii: "\"") {
        isInString = false
      }
      return .quoted
    }
    switch code {
    case UInt8(ascii: "\""):
      isInString = true
      return .quoted
    case UInt8(ascii: "("):
      openClosers.append(")")
      return .opening
    case UInt8(ascii: "["):
      openClosers.append("]")
      return .opening
    case UInt8(ascii: ")"), UInt8(ascii: "]"):
      let closer: Character = code == UInt8(ascii: ")") ? ")" : "]"
      guard let innermost = openClosers.popLast(), innermost == closer else { return .mismatched }
      return .closing
    default:
      return .plain
    }
  }
}
