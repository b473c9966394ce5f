/// Renders strings the way Swift source would spell them, so rendered values and
/// error messages can be pasted back into action text.
package enum SwiftStringEscaping {
  /// `text` in double quotes with `\`, `"`, control characters and
  /// invisible scalars escaped.
  package static func quoted(_ text: String) -> String {
    var result = "\""
    result.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      appendEscaped(scalar, to: &result)
    }
    result.append("\"")
    return result
  }

  /// Appends one scalar, escaped if Swift source could not show it literally.
  static func appendEscaped(_ scalar: Unicode.Scalar, to result: inout String) {
    switch scalar {
    case "\"": result.append("\\\"")
    case "\\": result.append("\\\\")
    case "\n": result.append("\\n")
    case "\r": result.append("\\r")
    case "\t": result.append("\\t")
    case "\0": result.append("\\0")
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F || isInvisible(scalar) {
        result.append("\\u{\(HexDigits.of(scalar.value))}")
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }

  /// Format and separator scalars would silently change what a reader sees
  /// (bidi overrides, line separators). The zero-width joiner stays: emoji need it.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "\u{200D}" { return false }
    switch scalar.properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator, .control:
      return true
    default:
      return false
    }
  }
}
