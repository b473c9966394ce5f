/// Source text for values the macros write into generated code.
enum SwiftLiteral {
  /// `text` as a Swift string literal: quotes, backslashes and control characters escaped.
  static func string(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        escaped += "\\u{" + String(scalar.value, radix: 16) + "}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }

  /// `text` as a string literal, or `nil` written out when there is none.
  static func optionalString(_ text: String?) -> String {
    text.map(string) ?? "nil"
  }

  /// An identifier without the backticks that let it be a keyword: `default` for `` `default` ``.
  static func bareName(_ identifier: String) -> String {
    if identifier.count >= 2, identifier.hasPrefix("`"), identifier.hasSuffix("`") {
      return String(identifier.dropFirst().dropLast())
    }
    return identifier
  }
}
