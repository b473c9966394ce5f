import SwiftSyntax
import SwiftSyntaxBuilder

/// Source text for values the macros write into generated code.
enum SwiftLiteral {
  /// `text` as a Swift string literal, as swift-syntax writes one: raw (`#"say "hi""#`) when
  /// it holds quotes or backslashes, control characters and line breaks escaped.
  static func string(_ text: String) -> String {
    StringLiteralExprSyntax(content: text).description
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
