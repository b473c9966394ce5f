/// One token of Swift-like action text.
struct ActionToken: Equatable {
  /// What the token is.
  enum Kind: Equatable {
    case dot
    case leftParenthesis
    case rightParenthesis
    case leftBracket
    case rightBracket
    case colon
    case comma
    case identifier(String)
    case string(String)
    case integer(String)
    case floatingPoint(String)
    case end
  }

  var kind: Kind
  /// Byte offset of the first byte of the token.
  var start: Int
  /// Byte offset just past the token.
  var end: Int

  /// How the token is named in "expected …, found …" messages.
  var displayName: String {
    switch kind {
    case .dot: return "'.'"
    case .leftParenthesis: return "'('"
    case .rightParenthesis: return "')'"
    case .leftBracket: return "'['"
    case .rightBracket: return "']'"
    case .colon: return "':'"
    case .comma: return "','"
    case .identifier(let name): return "'\(name)'"
    case .string: return "a string literal"
    case .integer(let text), .floatingPoint(let text): return "'\(text)'"
    case .end: return "end of input"
    }
  }
}
