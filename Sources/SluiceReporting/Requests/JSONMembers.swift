import Foundation

/// The members of a one-line JSON object as written, each value kept as its own text: how
/// a request is read, so that its `id` is echoed exactly as the client spelled it (`1e3`,
/// `"\u0071"`) and a broken request still gives up its `id` and says where it breaks.
struct JSONMembers {
  /// What a member's value is.
  enum Kind: Equatable {
    case string, number, object, array, literal
  }

  /// One member: its key (unescaped) and its value's JSON text.
  struct Member {
    let key: String
    let text: String
    let kind: Kind
  }

  /// The members read, in order, up to the first problem.
  private(set) var members: [Member] = []
  /// The keys read, including one whose value could not be.
  private(set) var keys: [String] = []
  /// What is wrong with the line as JSON, and its 1-based column; `nil` when the line is one
  /// whole object.
  private(set) var problem: (message: String, column: Int)?

  private let bytes: [UInt8]
  private var position = 0
  /// How deeply values may nest: a line is read on the call stack.
  private static let maximumDepth = 256

  /// Reads `line`, which should be one JSON object.
  init(line: String) {
    bytes = Array(line.utf8)
    do throws(Problem) {
      try readObject()
      skipBlanks()
      if position < bytes.count { throw Problem("text after the object's closing `}`") }
    } catch {
      let column = String(decoding: bytes[..<min(position, bytes.count)], as: UTF8.self).count + 1
      problem = (error.message, column)
    }
  }

  /// The member named `key`, if it was read.
  subscript(key: String) -> Member? { members.first { $0.key == key } }

  private struct Problem: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }

  private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  private mutating func skipBlanks() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
  }

  private mutating func expect(_ character: Character, _ what: String) throws(Problem) {
    skipBlanks()
    guard current == character.asciiValue else {
      throw Problem(current == nil ? "the line ends where \(what) should be" : "expected \(what)")
    }
    position += 1
  }

  private mutating func readObject() throws(Problem) {
    try expect("{", "`{`")
    skipBlanks()
    if current == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      skipBlanks()
      guard current == UInt8(ascii: "\"") else { throw Problem("expected a member's key, a string") }
      let key = try readString()
      keys.append(Self.unescaped(key))
      try expect(":", "`:` after a member's key")
      skipBlanks()
      let start = position
      let kind = try readValue(depth: 1)
      members.append(Member(key: Self.unescaped(key), text: String(decoding: bytes[start..<position], as: UTF8.self), kind: kind))
      skipBlanks()
      if current == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect("}", "`,` or `}` after a member")
      return
    }
  }

  private mutating func readValue(depth: Int) throws(Problem) -> Kind {
    guard depth <= Self.maximumDepth else { throw Problem("values nested more than \(Self.maximumDepth) deep") }
    skipBlanks()
    switch current {
    case UInt8(ascii: "\"")?:
      _ = try readString()
      return .string
    case UInt8(ascii: "{")?:
      try readContainer(closing: "}", depth: depth, member: true)
      return .object
    case UInt8(ascii: "[")?:
      try readContainer(closing: "]", depth: depth, member: false)
      return .array
    case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?:
      try readNumber()
      return .number
    default:
      for word in ["true", "false", "null"] where bytes[position...].starts(with: word.utf8) {
        position += word.utf8.count
        return .literal
      }
      throw Problem(current == nil ? "the line ends where a value should be" : "expected a value")
    }
  }

  private mutating func readContainer(closing: Character, depth: Int, member: Bool) throws(Problem) {
    position += 1
    skipBlanks()
    if current == closing.asciiValue {
      position += 1
      return
    }
    while true {
      if member {
        skipBlanks()
        guard current == UInt8(ascii: "\"") else { throw Problem("expected a member's key, a string") }
        _ = try readString()
        try expect(":", "`:` after a member's key")
      }
      _ = try readValue(depth: depth + 1)
      skipBlanks()
      if current == UInt8(ascii: ",") {
        position += 1
        continue
      }
      try expect(closing, "`,` or `\(closing)`")
      return
    }
  }

  /// Reads a string literal and returns its text, quotes included.
  private mutating func readString() throws(Problem) -> String {
    let start = position
    position += 1
    while let byte = current {
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: bytes[start..<position], as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let escaped = current else { break }
        position += 1
        if escaped == UInt8(ascii: "u") {
          let hex = bytes[position...].prefix(4)
          guard hex.count == 4, hex.allSatisfy({ Character(UnicodeScalar($0)).isHexDigit }) else {
            throw Problem("`\\u` takes four hexadecimal digits")
          }
          position += 4
        } else if !"\"\\/bfnrt".utf8.contains(escaped) {
          throw Problem("unknown escape in a string")
        }
      case ..<0x20:
        throw Problem("a control character in a string")
      default:
        continue
      }
    }
    throw Problem("a string is not closed")
  }

  private mutating func readNumber() throws(Problem) {
    func digits() -> Int {
      let start = position
      while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
      return position - start
    }
    if current == UInt8(ascii: "-") { position += 1 }
    guard digits() > 0 else { throw Problem("expected a digit") }
    if current == UInt8(ascii: ".") {
      position += 1
      guard digits() > 0 else { throw Problem("expected a digit after `.`") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      position += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
      guard digits() > 0 else { throw Problem("expected a digit in the exponent") }
    }
  }

  /// The text a string literal (quotes included) stands for.
  static func unescaped(_ literal: String) -> String {
    (try? JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed)) as? String ?? literal
  }
}
