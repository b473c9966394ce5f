/// Text written into a `//` comment of generated Swift (a test exported from a session),
/// rendered so that it cannot end the comment: text that came from a file (a job's name,
/// the file's own name, a value described in a note) must stay inside it, or the file could
/// put its own code into the test.
///
/// Swift's lexer ends a line comment at a line feed or a carriage return; editors also break
/// lines at U+2028 and U+2029, and bidirectional overrides make a line read as other code
/// (the "Trojan Source" attack). So every control, format and line or paragraph separator
/// scalar is written as the `\u{…}` escape a Swift string would use; `*/` is written `*\/`,
/// so that the text stays a comment even inside `/* … */`. Everything else is kept as it is.
package enum SwiftComment {
  /// `text` as the body of one `//` comment line: never a line break, never `*/`.
  package static func text(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      if isBreaking(scalar) {
        result.append("\\u{\(HexDigits.of(scalar.value))}")
      } else if scalar == "/", previous == "*" {
        result.append("\\/")
      } else {
        result.unicodeScalars.append(scalar)
      }
      previous = scalar
    }
    return result
  }

  /// Whether `text` is one line of text, nothing in it ``isBreaking(_:)``: what a name read
  /// from a file (a job's, a case's) must be.
  static func isOneLine(_ text: String) -> Bool {
    !text.unicodeScalars.contains(where: isBreaking)
  }

  /// Whether `scalar` could end the line or change how it reads: a control character (line
  /// feed, carriage return, NUL, …), a line or paragraph separator, or a format scalar
  /// (bidirectional overrides, zero-width spaces; the zero-width joiner stays, emoji need it).
  static func isBreaking(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "\u{200D}" { return false }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }
}
