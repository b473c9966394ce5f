/// A keyed container over a literal's members: a case's arguments, a struct
/// literal's fields, a dictionary's entries, or an enum case as its single key.
struct LiteralKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: LiteralValueDecoder
  let members: [LiteralMember]
  /// The number of the case's argument list these members are, whose reads are marked
  /// (see `LiteralDecodingContext`); `nil` for any other members.
  var argumentList: Int? = nil

  var codingPath: [any CodingKey] { decoder.codingPath }

  var allKeys: [Key] {
    // A plain loop: every enum value decoded asks for its keys, and `compactMap`'s closure
    // is not specialized for `Key` here.
    var keys: [Key] = []
    keys.reserveCapacity(members.count)
    for member in members {
      if let intKey = member.intKey, let key = Key(intValue: intKey) {
        keys.append(key)
      } else if let key = Key(stringValue: member.name) {
        keys.append(key)
      }
    }
    return keys
  }

  func contains(_ key: Key) -> Bool {
    member(for: key) != nil
  }

  private func member(for key: Key) -> LiteralMember? {
    if let index = members.firstIndex(where: { $0.matches(key) }) {
      if let argumentList { decoder.context.markRead(index, in: argumentList) }
      return members[index]
    }
    // `.add(title: "Milk")` for `case add(Todo)`: the labels belong to the single payload.
    if key.stringValue == "_0", decoder.role == .arguments, !members.isEmpty,
      members.allSatisfy({ !$0.isUnderscored })
    {
      if let argumentList { decoder.context.markRead(nil, in: argumentList) }
      let arguments = members.map { ActionLiteral.Argument(label: $0.name, $0.value) }
      return LiteralMember(name: "_0", value: .tuple(arguments), role: .value)
    }
    return nil
  }

  private func requireMember(for key: Key) throws -> LiteralMember {
    guard let member = member(for: key) else {
      let given = members.map(\.name)
      throw decoder.context.error(
        .missingValue(label: key.stringValue, givenLabels: given), at: codingPath + [key])
    }
    return member
  }

  private func childDecoder(for key: Key, expecting type: Any.Type) throws -> LiteralValueDecoder {
    let member = try requireMember(for: key)
    return decoder.child(member.value, role: member.role, key: key, expecting: type)
  }

  /// The member as a single value, read the way `Int(from:)` and the other standard types
  /// read it, without a call through `init(from:)` and a boxed container for each.
  private func scalar(forKey key: Key, _ type: Any.Type) throws -> LiteralSingleValueContainer {
    LiteralSingleValueContainer(decoder: try childDecoder(for: key, expecting: type))
  }

  private func decodeMember<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try childDecoder(for: key, expecting: type).decode(type)
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    try requireMember(for: key).value.isNone
  }

  /// An optional property or payload: absent, `nil` or `.none` is `nil`; `.some(x)` is `x`,
  /// the wrapper spelled out (`.some(nil)` for a `String??` holding `.some(nil)`).
  private func optionalMember<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard contains(key) else { return nil }
    let decoder = try childDecoder(for: key, expecting: type)
    if decoder.literal.isNone { return nil }
    if let wrapped = decoder.literal.someValue { return try decoder.unwrapping(to: wrapped).decode(type) }
    return try decoder.decode(type)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try optionalMember(type, forKey: key)
  }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalMember(type, forKey: key) }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalMember(type, forKey: key) }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(forKey: key, type).decode(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(forKey: key, type).decode(type) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decodeMember(type, forKey: key)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try childDecoder(for: key, expecting: type).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try childDecoder(for: key, expecting: [Any].self).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    let member = members.first { $0.name == "super" }
    return decoder.child(member?.value ?? .tuple([]), key: LiteralCodingKey.superKey, expecting: Any.self)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try childDecoder(for: key, expecting: Any.self)
  }
}
