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
    return KeyedDecodingContainer(LiteralKeyedContainer<Key>(decoder: self, members: members))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
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

  /// A decoder for a child literal one key further down.
  func child(
    _ literal: ActionLiteral, role: LiteralRole = .value, key: any CodingKey, expecting type: Any.Type
  ) -> LiteralValueDecoder {
    LiteralValueDecoder(
      literal: literal, role: role, parent: self, key: key, context: context, expectedType: type)
  }

  /// Decodes `T` from this decoder's literal. Foundation's `Date`, `URL` and `UUID`
  /// are read from strings (ISO 8601 for dates) because that is how people type them.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if case .string(let text) = literal {
      if T.self == Date.self {
        guard let date = Self.date(from: text) else { throw mismatch(expected: "an ISO 8601 date") }
        return date as! T  // Checked by the `T.self == Date.self` test above.
      }
      if T.self == URL.self {
        guard let url = URL(string: text) else { throw mismatch(expected: "a URL") }
        return url as! T  // Checked above.
      }
      if T.self == UUID.self {
        guard let uuid = UUID(uuidString: text) else { throw mismatch(expected: "a UUID") }
        return uuid as! T  // Checked above.
      }
    }
    return try T(from: self)
  }

  private static func date(from text: String) -> Date? {
    if let date = try? Date(text, strategy: .iso8601) {
      return date
    }
    return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
  }
}
