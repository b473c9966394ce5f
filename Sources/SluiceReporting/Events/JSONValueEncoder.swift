/// Encodes an `Encodable` value as a ``JSONValue`` whose objects keep their keys in the order
/// the value encodes them: for synthesized conformances, the order the properties are
/// declared in. Foundation's `JSONEncoder` on Linux writes keys in hash order (or sorted),
/// and a person reading `--json` output wants `"event"` first.
///
/// Only what events use is supported fully; nested containers and `superEncoder` work, so a
/// type may write another's keys into its own object (the event envelope does).
struct JSONValueEncoder {
  /// The value `value` encodes to.
  static func encode(_ value: some Encodable) throws -> JSONValue {
    let root = Slot()
    try value.encode(to: ValueEncoder(slot: root, codingPath: []))
    return root.value
  }
}

/// Where one encoded value goes; containers fill it as they are written, in order.
private final class Slot {
  private enum Shape { case empty, scalar, object, array }

  private var shape = Shape.empty
  private var scalar = JSONValue.null
  private var members: [(key: String, slot: Slot)] = []
  private var elements: [Slot] = []

  var value: JSONValue {
    switch shape {
    case .empty: .object([])
    case .scalar: scalar
    case .object: .object(members.map { ($0.key, $0.slot.value) })
    case .array: .array(elements.map(\.value))
    }
  }

  func set(_ value: JSONValue) {
    shape = .scalar
    scalar = value
  }

  /// A new slot for `key` in this object (made an object if it was not one).
  func member(_ key: String) -> Slot {
    makeObject()
    let slot = Slot()
    // A key written twice keeps its first place and its last value, as JSON readers do.
    if let index = members.firstIndex(where: { $0.key == key }) {
      members[index].slot = slot
    } else {
      members.append((key, slot))
    }
    return slot
  }

  /// A new slot at the end of this array (made an array if it was not one).
  func element() -> Slot {
    makeArray()
    let slot = Slot()
    elements.append(slot)
    return slot
  }

  var count: Int { elements.count }

  func makeObject() {
    if shape != .object { (shape, members) = (.object, []) }
  }

  func makeArray() {
    if shape != .array { (shape, elements) = (.array, []) }
  }
}

/// Any key of a JSON object: what the encoder writes and `JSONValue`'s own coding reads.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

private struct ValueEncoder: Encoder {
  let slot: Slot
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    slot.makeObject()
    return KeyedEncodingContainer(KeyedContainer<Key>(slot: slot, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    slot.makeArray()
    return UnkeyedContainer(slot: slot, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueContainer(slot: slot, codingPath: codingPath)
  }
}

/// Writes a single value into a slot: the scalars JSON has, or any `Encodable` nested.
private struct SingleValueContainer: SingleValueEncodingContainer {
  let slot: Slot
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { slot.set(.null) }
  mutating func encode(_ value: Bool) throws { slot.set(.boolean(value)) }
  mutating func encode(_ value: String) throws { slot.set(.string(value)) }
  mutating func encode(_ value: Double) throws { slot.set(.number(value)) }
  mutating func encode(_ value: Float) throws { slot.set(.number(Double(value))) }
  mutating func encode(_ value: Int) throws { slot.set(.integer(value)) }
  mutating func encode(_ value: Int8) throws { try encode(Int(value)) }
  mutating func encode(_ value: Int16) throws { try encode(Int(value)) }
  mutating func encode(_ value: Int32) throws { try encode(Int(value)) }
  mutating func encode(_ value: Int64) throws { try encode(Int(value)) }
  mutating func encode(_ value: UInt) throws { try encode(Int(clamping: value)) }
  mutating func encode(_ value: UInt8) throws { try encode(Int(value)) }
  mutating func encode(_ value: UInt16) throws { try encode(Int(value)) }
  mutating func encode(_ value: UInt32) throws { try encode(Int(value)) }
  mutating func encode(_ value: UInt64) throws { try encode(Int(clamping: value)) }
  mutating func encode(_ value: some Encodable) throws {
    try value.encode(to: ValueEncoder(slot: slot, codingPath: codingPath))
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let slot: Slot
  let codingPath: [any CodingKey]

  private func single(_ key: Key) -> SingleValueContainer {
    SingleValueContainer(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
  }

  mutating func encodeNil(forKey key: Key) throws { var s = single(key); try s.encodeNil() }
  mutating func encode(_ value: Bool, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: String, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: Double, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: Float, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: Int, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { var s = single(key); try s.encode(value) }
  mutating func encode(_ value: some Encodable, forKey key: Key) throws { var s = single(key); try s.encode(value) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let member = slot.member(key.stringValue)
    member.makeObject()
    return KeyedEncodingContainer(KeyedContainer<NestedKey>(slot: member, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let member = slot.member(key.stringValue)
    member.makeArray()
    return UnkeyedContainer(slot: member, codingPath: codingPath + [key])
  }

  /// The same object: what the super encoder writes joins this object's keys, in order.
  mutating func superEncoder() -> any Encoder { ValueEncoder(slot: slot, codingPath: codingPath) }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    ValueEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let slot: Slot
  let codingPath: [any CodingKey]
  var count: Int { slot.count }

  private func next() -> SingleValueContainer {
    SingleValueContainer(slot: slot.element(), codingPath: codingPath + [AnyKey(intValue: count)])
  }

  mutating func encodeNil() throws { var s = next(); try s.encodeNil() }
  mutating func encode(_ value: Bool) throws { var s = next(); try s.encode(value) }
  mutating func encode(_ value: String) throws { var s = next(); try s.encode(value) }
  mutating func encode(_ value: Double) throws { var s = next(); try s.encode(value) }
  mutating func encode(_ value: Int) throws { var s = next(); try s.encode(value) }
  mutating func encode(_ value: some Encodable) throws { var s = next(); try s.encode(value) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let element = slot.element()
    element.makeObject()
    return KeyedEncodingContainer(KeyedContainer<NestedKey>(slot: element, codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let element = slot.element()
    element.makeArray()
    return UnkeyedContainer(slot: element, codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder { ValueEncoder(slot: slot.element(), codingPath: codingPath) }
}
