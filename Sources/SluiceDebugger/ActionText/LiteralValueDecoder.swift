import Foundation

/// The `Decoder` handed to `Decodable` types: one literal at one coding path.
final class LiteralValueDecoder: Decoder {
  let literal: ActionLiteral
  let role: LiteralRole
  /// The decoder one key up and that key; `nil` at the root. The coding path is built from
  /// them only when asked, which is for errors: decoding a value never pays for it.
  private let parent: LiteralValueDecoder?
  private let key: (any CodingKey)?
  let context: LiteralDecodingContext
  /// The type being decoded, named in "expected Todos.Action, found …" messages.
  let expectedType: Any.Type

  init(
    literal: ActionLiteral, role: LiteralRole, parent: LiteralValueDecoder?, key: (any CodingKey)?,
    context: LiteralDecodingContext, expectedType: Any.Type
  ) {
    self.literal = literal
    self.role = role
    self.parent = parent
    self.key = key
    self.context = context
    self.expectedType = expectedType
  }

  var codingPath: [any CodingKey] {
    var keys: [any CodingKey] = []
    var decoder: LiteralValueDecoder? = self
    while let current = decoder, let key = current.key {
      keys.append(key)
      decoder = current.parent
    }
    return keys.reversed()
  }

  /// The expected type's short name, for messages.
  var expectedTypeName: String { TypeName.short(expectedType) }

  var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard let members = LiteralMember.members(of: literal, role: role) else {
      throw mismatch(expected: expectedTypeName)
    }
    if case .enumCase(let name, _) = literal, Key(stringValue: name) == nil {
      context.recordUnrecognizedCase(name, at: codingPath)
    }
    // A case's arguments are checked after the decode: one that nothing read is an error.
    let list = role == .arguments ? context.noteArguments(members, openedBy: self) : nil
    return KeyedDecodingContainer(LiteralKeyedContainer<Key>(decoder: self, members: members, argumentList: list))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    // `Set([1, 2])`, as sets print: a call with one unlabeled collection reads as it.
    if case .tuple(let arguments) = literal, arguments.count == 1, arguments[0].label == nil {
      switch arguments[0].value {
      case .array, .dictionary: return try unwrapping(to: arguments[0].value).unkeyedContainer()
      default: break
      }
    }
    switch literal {
    case .array(let elements):
      return LiteralUnkeyedContainer(decoder: self, elements: elements)
    case .dictionary(let entries):
      // Dictionaries whose keys are neither strings nor integers are coded as
      // alternating keys and values.
      return LiteralUnkeyedContainer(decoder: self, elements: entries.flatMap { [$0.key, $0.value] })
    default:
      throw mismatch(expected: expectedTypeName)
    }
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    LiteralSingleValueContainer(decoder: self)
  }

  func mismatch(expected: String) -> LiteralDecodingError {
    context.error(.typeMismatch(expected: expected, found: literal.kindDescription), at: codingPath)
  }

  /// A decoder for the `x` of `.some(x)`: the same place in the coding path.
  func unwrapping(to wrapped: ActionLiteral) -> LiteralValueDecoder {
    LiteralValueDecoder(
      literal: wrapped, role: role, parent: parent, key: key, context: context, expectedType: expectedType)
  }

  /// A decoder for a child literal one key further down.
  func child(
    _ literal: ActionLiteral, role: LiteralRole = .value, key: any CodingKey, expecting type: Any.Type
  ) -> LiteralValueDecoder {
    LiteralValueDecoder(
      literal: literal, role: role, parent: self, key: key, context: context, expectedType: type)
  }

  /// Decodes `T` from this decoder's literal. Foundation's `Date`, `URL`, `UUID` and
  /// `Decimal` are read as people type them and as Sluice prints them (see
  /// ``FoundationLiterals``): `Date("2024-05-01T09:30:00Z")` or the bare string, and a
  /// `Decimal` from a number or a string.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if let optional = T.self as? any LiteralOptional.Type {
      if literal.isNone, let none = optional.none as? T { return none }
      if let wrapped = literal.someValue, let value = try optional.decodingSome(from: unwrapping(to: wrapped)) as? T {
        return value
      }
    }
    if FoundationLiterals.handles(T.self) {
      guard let value = FoundationLiterals.value(of: T.self, from: literal) else {
        throw mismatch(expected: FoundationLiterals.expectation(for: T.self))
      }
      return value
    }
    return try T(from: self)
  }
}
