/// Parses action text, Swift-like or JSON, into an `ActionLiteral`.
///
/// Swift-like text looks like the expression you would pass to `send`:
/// `.increment`, `increment`, `.setStep(3)`, `.add(title: "Milk", priority: 2)`,
/// `.todo(.toggle(id: 3))`, `.load(ids: [1, 2])`, `.set(["a": 1])`, `nil`,
/// `(name: "A", age: 3)`. Text whose first non-blank character is `{` is read as JSON
/// in Swift's synthesized `Codable` shape, for machine clients.
///
/// Input is either a `String` (always valid Unicode) or raw bytes, which are checked
/// to be UTF-8 first; invalid bytes are reported with their column rather than
/// repaired, so nothing typed is silently changed. Parsing is a single pass with
/// bounded nesting: any input, of any length, is accepted or rejected with an error.
package struct ActionTextParser: Sendable {
  /// The deepest nesting of brackets, parentheses and braces accepted.
  package var maximumDepth: Int

  /// Creates a parser accepting at most `maximumDepth` levels of nesting.
  package init(maximumDepth: Int = 256) {
    self.maximumDepth = maximumDepth
  }

  /// Parses `text` as one action literal.
  package func parse(_ text: String) throws(ActionTextError) -> ActionLiteral {
    let source = ActionSource(text)
    var start = 0
    while let byte = source[start], CharacterClass.isWhitespace(byte) { start += 1 }
    if source[start] == UInt8(ascii: "{") {
      var parser = JSONActionParser(source: source, maximumDepth: maximumDepth)
      return try parser.parseDocument()
    }
    var parser = SwiftActionParser(source: source, maximumDepth: maximumDepth)
    return try parser.parseAction()
  }

  /// The 1-based column where the `index`th value of `text` starts (a case at its name:
  /// `lod` in `.lod`), counting values in the order a depth-first walk of the literal meets
  /// them, as ``LiteralDecodingError/valueIndex`` does; `nil` for JSON or text that does
  /// not parse. For errors only: it parses the text again.
  package func column(ofValueAt index: Int, in text: String) -> Int? {
    let source = ActionSource(text)
    var start = 0
    while let byte = source[start], CharacterClass.isWhitespace(byte) { start += 1 }
    guard source[start] != UInt8(ascii: "{") else { return nil }
    var parser = SwiftActionParser(source: source, maximumDepth: maximumDepth)
    parser.valueStarts = []
    guard (try? parser.parseAction()) != nil, let starts = parser.valueStarts, starts.indices.contains(index) else {
      return nil
    }
    return source.column(at: starts[index])
  }

  /// Parses UTF-8 bytes as one action literal; bytes that are not valid UTF-8 are
  /// an error at the column of the first invalid byte.
  package func parse(utf8 bytes: some Collection<UInt8>) throws(ActionTextError) -> ActionLiteral {
    let bytes = Array(bytes)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw Self.invalidUTF8Error(in: bytes)
    }
    return try parse(text)
  }

  private static func invalidUTF8Error(in bytes: [UInt8]) -> ActionTextError {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while case .valid(let scalar) = parser.parseScalar(from: &iterator) {
      offset += scalar.count
    }
    let validPrefix = String(decoding: bytes[..<offset], as: UTF8.self)
    let byte = offset < bytes.count ? bytes[offset] : 0
    return ActionTextError(
      column: validPrefix.count + 1,
      message: "invalid UTF-8 byte 0x\(HexDigits.of(byte, minimumCount: 2))"
    )
  }
}
