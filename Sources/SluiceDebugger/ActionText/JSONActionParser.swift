/// Parses JSON action text (RFC 8259) into the same literal tree as the Swift-like syntax.
///
/// Objects follow Swift's synthesized `Codable` shape: an object with exactly one key
/// whose value is itself an object, `{"add": {"title": "Milk"}}`, is an enum case with
/// labeled arguments; every other object is a dictionary with string keys.
///
/// Written by hand, not with Foundation's `JSONDecoder` or `JSONSerialization`, for what
/// they cannot do: every error carries its column; numbers stay the text they were written
/// as, so `18446744073709551615` or a 30-digit `Decimal` decode exactly (Foundation reads
/// them through `Double` or `NSNumber`) and `1` never passes for `true`; nesting is bounded
/// by `maximumDepth` instead of the stack; members keep their order; and the result is the
/// literal tree the Swift-like syntax produces, so one decoder, with one set of messages
/// and suggestions ("did you mean '.increment'?"), serves both.
struct JSONActionParser {
  private let source: ActionSource
  private let maximumDepth: Int
  private var offset = 0

  /// A parsed JSON value; objects stay unconverted until their parent knows
  /// whether it is an enum case (whose arguments are the object's members).
  private enum Node {
    case object([(key: String, value: Node)])
    case literal(ActionLiteral)
  }

  init(source: ActionSource, maximumDepth: Int) {
    self.source = source
    self.maximumDepth = maximumDepth
  }

  /// Parses one JSON value that must span the whole input.
  mutating func parseDocument() throws(ActionTextError) -> ActionLiteral {
    let node = try parseValue(depth: 0)
    skipWhitespace()
    if offset < source.count {
      throw source.error("expected end of input, found '\(source.describeCharacter(at: offset))'", at: offset)
    }
    return Self.literal(of: node)
  }

  private static func literal(of node: Node) -> ActionLiteral {
    switch node {
    case .literal(let literal):
      return literal
    case .object(let members):
      if members.count == 1, case .object(let payload) = members[0].value {
        let arguments = payload.map { ActionLiteral.Argument(label: $0.key, literal(of: $0.value)) }
        return .enumCase(name: members[0].key, arguments: arguments)
      }
      return .dictionary(
        members.map { ActionLiteral.Entry(key: .string($0.key), value: literal(of: $0.value)) })
    }
  }

  // MARK: Values

  private mutating func skipWhitespace() {
    while let byte = source[offset], CharacterClass.isWhitespace(byte) {
      offset += 1
    }
  }

  private mutating func parseValue(depth: Int) throws(ActionTextError) -> Node {
    skipWhitespace()
    guard let byte = source[offset] else {
      throw source.error("expected a JSON value, found end of input", at: offset)
    }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: try nested(depth))
    case UInt8(ascii: "["): return .literal(try parseArray(depth: try nested(depth)))
    case UInt8(ascii: "\""): return .literal(.string(try parseString()))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .literal(try parseNumber())
    case UInt8(ascii: "t"): return .literal(try parseWord("true", as: .boolean(true)))
    case UInt8(ascii: "f"): return .literal(try parseWord("false", as: .boolean(false)))
    case UInt8(ascii: "n"): return .literal(try parseWord("null", as: .nil))
    default:
      throw source.error("unexpected character '\(source.describeCharacter(at: offset))' in JSON", at: offset)
    }
  }

  private func nested(_ depth: Int) throws(ActionTextError) -> Int {
    guard depth < maximumDepth else {
      throw source.error("nesting is deeper than \(maximumDepth) levels", at: offset)
    }
    return depth + 1
  }

  private mutating func parseWord(_ word: StaticString, as literal: ActionLiteral) throws(ActionTextError)
    -> ActionLiteral
  {
    let start = offset
    let length = word.utf8CodeUnitCount
    let matches =
      start + length <= source.count
      && source.bytes[start..<start + length].elementsEqual(
        UnsafeBufferPointer(start: word.utf8Start, count: length))
    guard matches, !CharacterClass.continuesIdentifier(at: start + length, in: source) else {
      let end = CharacterClass.endOfIdentifier(from: start, in: source)
      throw source.error(
        "unexpected '\(source.snippet(at: start, length: max(end - start, 1)))' in JSON", at: start,
        length: max(end - start, 1))
    }
    offset += length
    return literal
  }

  private mutating func parseObject(depth: Int) throws(ActionTextError) -> Node {
    let opener = offset
    offset += 1
    var members: [(key: String, value: Node)] = []
    skipWhitespace()
    if source[offset] == UInt8(ascii: "}") {
      offset += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard source[offset] == UInt8(ascii: "\"") else {
        throw source.error("expected a string key in the JSON object, found \(found())", at: offset)
      }
      let key = try parseString()
      skipWhitespace()
      guard source[offset] == UInt8(ascii: ":") else {
        throw source.error(
          "expected ':' after the key \(SwiftStringEscaping.quoted(key)), found \(found())", at: offset)
      }
      offset += 1
      members.append((key, try parseValue(depth: depth)))
      skipWhitespace()
      switch source[offset] {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return .object(members)
      default: throw unclosed(opener, expected: "}")
      }
    }
  }

  private mutating func parseArray(depth: Int) throws(ActionTextError) -> ActionLiteral {
    let opener = offset
    offset += 1
    var elements: [ActionLiteral] = []
    skipWhitespace()
    if source[offset] == UInt8(ascii: "]") {
      offset += 1
      return .array(elements)
    }
    while true {
      elements.append(Self.literal(of: try parseValue(depth: depth)))
      skipWhitespace()
      switch source[offset] {
      case UInt8(ascii: ","): offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return .array(elements)
      default: throw unclosed(opener, expected: "]")
      }
    }
  }

  /// What is at the current offset, for messages.
  private func found() -> String {
    offset < source.count ? "'\(source.describeCharacter(at: offset))'" : "end of input"
  }

  private func unclosed(_ opener: Int, expected closer: String) -> ActionTextError {
    let openerText = closer == "}" ? "{" : "["
    return source.error(
      "expected '\(closer)' to close '\(openerText)' opened at column \(source.column(at: opener)), found \(found())",
      at: offset
    )
  }

  // MARK: Scalars

  /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`; integers keep their text exactly.
  private mutating func parseNumber() throws(ActionTextError) -> ActionLiteral {
    let start = offset
    var index = offset
    if source[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    index = skipDigits(from: index)
    let integerDigits = index - integerStart
    guard integerDigits > 0, !(integerDigits > 1 && source[integerStart] == UInt8(ascii: "0")) else {
      throw invalidNumber(from: start)
    }
    var isFloatingPoint = false
    if source[index] == UInt8(ascii: ".") {
      let fractionStart = index + 1
      index = skipDigits(from: fractionStart)
      guard index > fractionStart else { throw invalidNumber(from: start) }
      isFloatingPoint = true
    }
    if source[index] == UInt8(ascii: "e") || source[index] == UInt8(ascii: "E") {
      index += 1
      if source[index] == UInt8(ascii: "+") || source[index] == UInt8(ascii: "-") { index += 1 }
      let exponentStart = index
      index = skipDigits(from: exponentStart)
      guard index > exponentStart else { throw invalidNumber(from: start) }
      isFloatingPoint = true
    }
    if CharacterClass.continuesIdentifier(at: index, in: source) {
      throw invalidNumber(from: start)
    }
    offset = index
    let text = String(decoding: source.bytes[start..<index], as: UTF8.self)
    return isFloatingPoint ? .floatingPoint(text) : .integer(text)
  }

  private func skipDigits(from start: Int) -> Int {
    var index = start
    while let byte = source[index], CharacterClass.isDecimalDigit(byte) { index += 1 }
    return index
  }

  private func invalidNumber(from start: Int) -> ActionTextError {
    var end = start + 1
    while let byte = source[end], byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"),
      byte != UInt8(ascii: "]"),
      !CharacterClass.isWhitespace(byte), end - start < 32
    {
      end += 1
    }
    return source.error(
      "invalid JSON number '\(source.snippet(at: start, length: end - start))'", at: start,
      length: end - start)
  }

  /// A JSON string at the current offset (which is its opening quote).
  private mutating func parseString() throws(ActionTextError) -> String {
    let start = offset
    var index = offset + 1
    var content: [UInt8] = []
    while true {
      guard let byte = source[index] else {
        throw source.error("unterminated string literal", at: start)
      }
      switch byte {
      case UInt8(ascii: "\""):
        offset = index + 1
        return String(decoding: content, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index = try escape(at: index, into: &content)
      case ..<0x20:
        throw source.error(
          "control character '\(source.describeCharacter(at: index))' must be escaped in a JSON string",
          at: index)
      default:
        content.append(byte)
        index += 1
      }
    }
  }

  private func escape(at index: Int, into content: inout [UInt8]) throws(ActionTextError) -> Int {
    guard let byte = source[index + 1] else {
      throw source.error("unterminated string literal", at: index)
    }
    let simple: UInt8? =
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "n"): UInt8(ascii: "\n")
      case UInt8(ascii: "r"): UInt8(ascii: "\r")
      case UInt8(ascii: "t"): UInt8(ascii: "\t")
      default: nil
      }
    if let simple {
      content.append(simple)
      return index + 2
    }
    guard byte == UInt8(ascii: "u") else {
      let length = 1 + source.scalar(at: index + 1).length
      throw source.error(
        "invalid escape '\\\(source.describeCharacter(at: index + 1))'", at: index, length: length)
    }
    guard let high = hexQuad(at: index + 2) else {
      throw source.error("expected 4 hexadecimal digits after '\\u'", at: index, length: 2)
    }
    var value = UInt32(high)
    var end = index + 6
    if (0xD800..<0xDC00).contains(high) {
      // A UTF-16 surrogate pair spells one scalar in two escapes.
      guard source[end] == UInt8(ascii: "\\"), source[end + 1] == UInt8(ascii: "u"),
        let low = hexQuad(at: end + 2), (0xDC00..<0xE000).contains(low)
      else {
        throw source.error("unpaired UTF-16 surrogate in '\\u' escape", at: index, length: 6)
      }
      value = 0x10000 + (UInt32(high) - 0xD800) << 10 + (UInt32(low) - 0xDC00)
      end += 6
    }
    guard let scalar = Unicode.Scalar(value) else {
      throw source.error("unpaired UTF-16 surrogate in '\\u' escape", at: index, length: 6)
    }
    content.append(contentsOf: String(scalar).utf8)
    return end
  }

  private func hexQuad(at start: Int) -> UInt16? {
    guard start + 4 <= source.count else { return nil }
    var value: UInt16 = 0
    for index in start..<start + 4 {
      let byte = source.bytes[index]
      guard CharacterClass.isDigit(byte, radix: 16) else { return nil }
      value = value << 4 | UInt16(CharacterClass.digitValue(byte))
    }
    return value
  }
}
