/// Splits Swift-like action text into tokens, one at a time, on demand.
///
/// Works on UTF-8 bytes in a single forward pass, so long input costs time
/// proportional to its length and nothing more.
struct ActionLexer {
  let source: ActionSource
  /// Byte offset of the next unread byte.
  private(set) var offset = 0

  /// Creates a lexer that starts reading at byte `offset`.
  init(source: ActionSource, offset: Int = 0) {
    self.source = source
    self.offset = offset
  }

  /// Reads the next token; `.end` once the input is exhausted (and forever after).
  mutating func nextToken() throws(ActionTextError) -> ActionToken {
    skipWhitespace()
    let start = offset
    guard let byte = source[offset] else {
      return ActionToken(kind: .end, start: start, end: start)
    }
    switch byte {
    case UInt8(ascii: "."): return punctuation(.dot)
    case UInt8(ascii: "("): return punctuation(.leftParenthesis)
    case UInt8(ascii: ")"): return punctuation(.rightParenthesis)
    case UInt8(ascii: "["): return punctuation(.leftBracket)
    case UInt8(ascii: "]"): return punctuation(.rightBracket)
    case UInt8(ascii: ":"): return punctuation(.colon)
    case UInt8(ascii: ","): return punctuation(.comma)
    case UInt8(ascii: "\""): return try string()
    case UInt8(ascii: "`"): return try quotedIdentifier()
    case UInt8(ascii: "\\"): return try keyPath()
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    case UInt8(ascii: "-") where source[offset + 1].map(CharacterClass.isDecimalDigit) == true:
      return try number()
    default:
      if CharacterClass.startsIdentifier(at: offset, in: source) {
        return identifier()
      }
      throw source.error("unexpected character '\(source.describeCharacter(at: offset))'", at: offset)
    }
  }

  private mutating func skipWhitespace() {
    while let byte = source[offset], CharacterClass.isWhitespace(byte) {
      offset += 1
    }
  }

  private mutating func punctuation(_ kind: ActionToken.Kind) -> ActionToken {
    offset += 1
    return ActionToken(kind: kind, start: offset - 1, end: offset)
  }

  private mutating func identifier() -> ActionToken {
    let start = offset
    offset = CharacterClass.endOfIdentifier(from: offset, in: source)
    let name = String(decoding: source.bytes[start..<offset], as: UTF8.self)
    return ActionToken(kind: .identifier(name), start: start, end: offset)
  }

  /// `` `default` ``: Swift's way to use a keyword as a name.
  private mutating func quotedIdentifier() throws(ActionTextError) -> ActionToken {
    let start = offset
    guard CharacterClass.startsIdentifier(at: start + 1, in: source) else {
      throw source.error("expected a name after '`'", at: start)
    }
    let nameEnd = CharacterClass.endOfIdentifier(from: start + 1, in: source)
    guard source[nameEnd] == UInt8(ascii: "`") else {
      throw source.error(
        "expected '`' to close the name opened at column \(source.column(at: start))", at: nameEnd)
    }
    offset = nameEnd + 1
    let name = String(decoding: source.bytes[start + 1..<nameEnd], as: UTF8.self)
    return ActionToken(kind: .identifier(name), start: start, end: offset)
  }

  /// `\.query` or `\.filter.text`: a key path, read as the text it is written as, which is
  /// how a binding names its property (`.binding(.set(\.query, "milk"))`).
  private mutating func keyPath() throws(ActionTextError) -> ActionToken {
    let start = offset
    offset += 1
    repeat {
      guard source[offset] == UInt8(ascii: "."), CharacterClass.startsIdentifier(at: offset + 1, in: source) else {
        throw source.error("expected a key path such as \\.query after '\\'", at: start)
      }
      offset = CharacterClass.endOfIdentifier(from: offset + 1, in: source)
    } while source[offset] == UInt8(ascii: ".") && CharacterClass.startsIdentifier(at: offset + 1, in: source)
    let text = String(decoding: source.bytes[start..<offset], as: UTF8.self)
    return ActionToken(kind: .string(text), start: start, end: offset)
  }

  // MARK: Numbers

  private mutating func number() throws(ActionTextError) -> ActionToken {
    let start = offset
    var index = offset
    if source[index] == UInt8(ascii: "-") { index += 1 }
    var isFloatingPoint = false

    if source[index] == UInt8(ascii: "0"), let radix = source[index + 1].flatMap(Self.radix(forPrefix:)) {
      index += 2
      let digitsStart = index
      while let byte = source[index], CharacterClass.isDigit(byte, radix: radix) || byte == UInt8(ascii: "_")
      {
        index += 1
      }
      if !source.bytes[digitsStart..<index].contains(where: { $0 != UInt8(ascii: "_") }) {
        throw invalidNumber(from: start, scannedTo: index)
      }
    } else {
      index = Self.skipDecimalDigits(from: index, in: source)
      if source[index] == UInt8(ascii: "."), source[index + 1].map(CharacterClass.isDecimalDigit) == true {
        isFloatingPoint = true
        index = Self.skipDecimalDigits(from: index + 1, in: source)
      }
      if source[index] == UInt8(ascii: "e") || source[index] == UInt8(ascii: "E") {
        var exponent = index + 1
        if source[exponent] == UInt8(ascii: "+") || source[exponent] == UInt8(ascii: "-") { exponent += 1 }
        guard source[exponent].map(CharacterClass.isDecimalDigit) == true else {
          throw invalidNumber(from: start, scannedTo: exponent)
        }
        isFloatingPoint = true
        index = Self.skipDecimalDigits(from: exponent, in: source)
      }
    }
    // `12abc` or `0x1G` is one bad literal, not a number followed by a name.
    if CharacterClass.continuesIdentifier(at: index, in: source) {
      throw invalidNumber(from: start, scannedTo: index)
    }
    offset = index
    let text = String(decoding: source.bytes[start..<index], as: UTF8.self)
    return ActionToken(
      kind: isFloatingPoint ? .floatingPoint(text) : .integer(text), start: start, end: index)
  }

  private func invalidNumber(from start: Int, scannedTo index: Int) -> ActionTextError {
    let end = CharacterClass.endOfIdentifier(from: index, in: source)
    let text = String(decoding: source.bytes[start..<end], as: UTF8.self)
    let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
    return source.error("invalid number literal '\(shown)'", at: start, length: end - start)
  }

  private static func radix(forPrefix byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "x"): return 16
    case UInt8(ascii: "o"): return 8
    case UInt8(ascii: "b"): return 2
    default: return nil
    }
  }

  private static func skipDecimalDigits(from start: Int, in source: ActionSource) -> Int {
    var index = start
    while let byte = source[index], CharacterClass.isDecimalDigit(byte) || byte == UInt8(ascii: "_") {
      index += 1
    }
    return index
  }

  // MARK: Strings

  private mutating func string() throws(ActionTextError) -> ActionToken {
    let start = offset
    var index = offset + 1
    var content: [UInt8] = []
    while true {
      guard let byte = source[index], byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") else {
        throw source.error("unterminated string literal", at: start)
      }
      switch byte {
      case UInt8(ascii: "\""):
        offset = index + 1
        return ActionToken(kind: .string(String(decoding: content, as: UTF8.self)), start: start, end: offset)
      case UInt8(ascii: "\\"):
        index = try escape(at: index, into: &content, stringStart: start)
      default:
        content.append(byte)
        index += 1
      }
    }
  }

  /// Resolves the escape whose backslash is at `index`; returns the offset after it.
  private func escape(at index: Int, into content: inout [UInt8], stringStart: Int) throws(ActionTextError)
    -> Int
  {
    guard let byte = source[index + 1] else {
      throw source.error("unterminated string literal", at: stringStart)
    }
    let simple: UInt8? =
      switch byte {
      case UInt8(ascii: "n"): UInt8(ascii: "\n")
      case UInt8(ascii: "t"): UInt8(ascii: "\t")
      case UInt8(ascii: "r"): UInt8(ascii: "\r")
      case UInt8(ascii: "0"): 0
      case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): byte
      default: nil
      }
    if let simple {
      content.append(simple)
      return index + 2
    }
    switch byte {
    case UInt8(ascii: "u"):
      return try unicodeEscape(at: index, into: &content)
    case UInt8(ascii: "("):
      throw source.error("string interpolation is not supported in action text", at: index, length: 2)
    default:
      let length = 1 + source.scalar(at: index + 1).length
      throw source.error(
        "invalid escape '\\\(source.describeCharacter(at: index + 1))'", at: index, length: length)
    }
  }

  /// `\u{1F600}`: one to eight hex digits naming a Unicode scalar.
  private func unicodeEscape(at index: Int, into content: inout [UInt8]) throws(ActionTextError) -> Int {
    guard source[index + 2] == UInt8(ascii: "{") else {
      throw source.error("expected '{' after '\\u'", at: index, length: 2)
    }
    var end = index + 3
    var value: UInt32 = 0
    while let byte = source[end], CharacterClass.isDigit(byte, radix: 16), end - (index + 3) < 8 {
      value = value << 4 | UInt32(CharacterClass.digitValue(byte))
      end += 1
    }
    guard end > index + 3, source[end] == UInt8(ascii: "}") else {
      throw source.error(
        "expected 1 to 8 hexadecimal digits and '}' in '\\u{…}'", at: index, length: end - index)
    }
    guard let scalar = Unicode.Scalar(value) else {
      throw source.error("invalid Unicode scalar in '\\u{…}'", at: index, length: end + 1 - index)
    }
    content.append(contentsOf: String(scalar).utf8)
    return end + 1
  }
}
