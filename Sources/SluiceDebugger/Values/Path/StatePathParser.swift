import Foundation

/// Parses path text: an optional `self`, then components
/// (`name`, `.name`, `.0`, `[2]`, `["key"]`, `[label: value]`, `?`).
struct StatePathParser {
  private let source: ActionSource
  private var offset = 0

  init(_ text: String) {
    source = ActionSource(text)
  }

  mutating func parse() throws(StatePathError) -> StatePath {
    var components: [StatePath.Component] = []
    skipWhitespace()
    var startsWithSelf = false
    if let name = peekIdentifier(), name == "self" {
      offset += 4
      startsWithSelf = true
    }
    while true {
      if atTrailingWhitespace() { break }
      guard let byte = source[offset] else { break }
      switch byte {
      case UInt8(ascii: "."):
        offset += 1
        guard let name = readName() else {
          throw syntax("expected a property name after '.'", at: offset)
        }
        // As in Swift, `.self` is the value itself: no step at all.
        if name == "self" {
          startsWithSelf = startsWithSelf || components.isEmpty
          continue
        }
        components.append(.property(name))
      case UInt8(ascii: "["):
        components.append(try readSubscript())
      case UInt8(ascii: "?"):
        // `?` chains through the value before it: a component, or `self`.
        guard components.last.map({ $0 != .optionalChain }) ?? startsWithSelf else {
          throw syntax("'?' must follow a property or a subscript", at: offset)
        }
        offset += 1
        components.append(.optionalChain)
      default:
        guard components.isEmpty, let name = readName() else {
          throw syntax("unexpected character '\(source.describeCharacter(at: offset))'", at: offset)
        }
        components.append(.property(name))
      }
    }
    return StatePath(components)
  }

  private mutating func skipWhitespace() {
    while let byte = source[offset], CharacterClass.isWhitespace(byte) { offset += 1 }
  }

  /// Whitespace is allowed around the path, not inside it.
  private func atTrailingWhitespace() -> Bool {
    var index = offset
    while let byte = source[index], CharacterClass.isWhitespace(byte) { index += 1 }
    return index > offset && index == source.count
  }

  private func peekIdentifier() -> String? {
    guard CharacterClass.startsIdentifier(at: offset, in: source) else { return nil }
    let end = CharacterClass.endOfIdentifier(from: offset, in: source)
    guard end == offset + 4 else { return nil }
    return String(decoding: source.bytes[offset..<end], as: UTF8.self)
  }

  /// An identifier, or digits for a tuple element (`.0`).
  private mutating func readName() -> String? {
    let start = offset
    if CharacterClass.startsIdentifier(at: offset, in: source) {
      offset = CharacterClass.endOfIdentifier(from: offset, in: source)
    } else {
      while let byte = source[offset], CharacterClass.isDecimalDigit(byte) { offset += 1 }
    }
    guard offset > start else { return nil }
    return String(decoding: source.bytes[start..<offset], as: UTF8.self)
  }

  /// `[2]`, `["key"]`, `[label: value]`, or any other literal a dictionary key prints as
  /// (`[UUID("…")]`, `[.dark]`, `[1.5]`).
  private mutating func readSubscript() throws(StatePathError) -> StatePath.Component {
    let opener = offset
    var lexer = ActionLexer(source: source, offset: offset + 1)
    let component: StatePath.Component
    do {
      let first = try lexer.nextToken()
      var afterFirst = lexer
      let second = try afterFirst.nextToken()
      switch (first.kind, second.kind) {
      case (.integer(let text), .rightBracket):
        guard let index = LiteralNumbers.integer(Int.self, from: text) else {
          throw syntax("index \(text) is too large", at: first.start)
        }
        component = .index(index)
        lexer = afterFirst
      case (.string(let key), .rightBracket):
        component = .key(key)
        lexer = afterFirst
      case (.identifier(let label), .colon):
        lexer = afterFirst
        let value = try lexer.nextToken()
        switch value.kind {
        case .integer(let text):
          guard let number = LiteralNumbers.integer(Int.self, from: text) else {
            throw syntax("\(text) is too large", at: value.start)
          }
          component = .element(whose: label, equals: .integer(number))
        case .string(let text):
          component = .element(whose: label, equals: .string(text))
        case .identifier("true"), .identifier("false"):
          component = .element(whose: label, equals: .boolean(value.kind == .identifier("true")))
        default:
          throw syntax("expected an integer, a string or a boolean after '\(label):'", at: value.start)
        }
        let close = try lexer.nextToken()
        guard close.kind == .rightBracket else {
          throw syntax(
            "expected ']' to close '[' opened at column \(source.column(at: opener))", at: close.start)
        }
      case (.rightBracket, _):
        throw syntax("expected an index, a key or 'label: value' inside '[ ]'", at: first.start)
      default:
        component = try readLiteralKey(opener: opener)
        return component
      }
      offset = lexer.offset
    } catch let error as StatePathError {
      throw error
    } catch let error as ActionTextError {
      throw StatePathError(reason: .invalidSyntax(error.message), failedPath: "", column: error.column)
    } catch {
      throw syntax(String(describing: error), at: opener)
    }
    return component
  }

  /// A key written as a literal, up to the `]` that closes `[` at `opener`: checked to parse
  /// as action text, and kept as written.
  private mutating func readLiteralKey(opener: Int) throws -> StatePath.Component {
    var lexer = ActionLexer(source: source, offset: opener + 1)
    var depth = 0
    while true {
      let token = try lexer.nextToken()
      switch token.kind {
      case .leftBracket, .leftParenthesis:
        depth += 1
      case .rightParenthesis:
        depth -= 1
      case .rightBracket where depth == 0:
        let text = String(decoding: source.bytes[(opener + 1)..<token.start], as: UTF8.self)
          .trimmingCharacters(in: .whitespaces)
        do {
          _ = try ActionTextParser().parse(text)
        } catch {
          throw StatePathError(
            reason: .invalidSyntax("bad key: \(error.message)"), failedPath: "",
            column: source.column(at: opener + 1) + error.column - 1)
        }
        offset = token.end
        return .literalKey(text)
      case .rightBracket:
        depth -= 1
      case .end:
        throw syntax("expected ']' to close '[' opened at column \(source.column(at: opener))", at: token.start)
      default:
        break
      }
    }
  }

  private func syntax(_ message: String, at offset: Int) -> StatePathError {
    StatePathError(reason: .invalidSyntax(message), failedPath: "", column: source.column(at: offset))
  }
}

extension StatePath {
  /// Parses path text such as `todos[2].title`, `user?.name`, `todos[id: 3]`,
  /// `settings["theme"]`, `.count`, `self`, or an empty string for the root.
  public init(parsing text: String) throws(StatePathError) {
    var parser = StatePathParser(text)
    self = try parser.parse()
  }
}
