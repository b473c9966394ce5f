import Sluice

/// An `Encoder` that feeds what it is given into a ``DigestSink`` instead of writing text.
/// Coding paths are not tracked: nothing here reports errors that would need them. A
/// ``Sluice/Secret`` gives the mask, so a saved digest says nothing about a secret.
struct DigestEncoder: Encoder {
  let sink: DigestSink
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [SecretMask.masksSecrets: true] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(KeyedDigestContainer(sink: sink))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    UnkeyedDigestContainer(sink: sink)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueDigestContainer(sink: sink)
  }
}

struct KeyedDigestContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let sink: DigestSink
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) { sink.encodeKey(key); sink.encodeNil() }
  mutating func encode(_ value: Bool, forKey key: Key) { sink.encodeKey(key); sink.encode(value) }
  mutating func encode(_ value: String, forKey key: Key) { sink.encodeKey(key); sink.encode(value) }
  mutating func encode(_ value: Double, forKey key: Key) { sink.encodeKey(key); sink.encode(value) }
  mutating func encode(_ value: Float, forKey key: Key) { sink.encodeKey(key); sink.encode(value) }
  mutating func encode(_ value: Int, forKey key: Key) { sink.encodeKey(key); sink.encode(signed: Int64(value)) }
  mutating func encode(_ value: Int8, forKey key: Key) { sink.encodeKey(key); sink.encode(signed: Int64(value)) }
  mutating func encode(_ value: Int16, forKey key: Key) { sink.encodeKey(key); sink.encode(signed: Int64(value)) }
  mutating func encode(_ value: Int32, forKey key: Key) { sink.encodeKey(key); sink.encode(signed: Int64(value)) }
  mutating func encode(_ value: Int64, forKey key: Key) { sink.encodeKey(key); sink.encode(signed: value) }
  mutating func encode(_ value: UInt, forKey key: Key) { sink.encodeKey(key); sink.encode(unsigned: UInt64(value)) }
  mutating func encode(_ value: UInt8, forKey key: Key) { sink.encodeKey(key); sink.encode(unsigned: UInt64(value)) }
  mutating func encode(_ value: UInt16, forKey key: Key) { sink.encodeKey(key); sink.encode(unsigned: UInt64(value)) }
  mutating func encode(_ value: UInt32, forKey key: Key) { sink.encodeKey(key); sink.encode(unsigned: UInt64(value)) }
  mutating func encode(_ value: UInt64, forKey key: Key) { sink.encodeKey(key); sink.encode(unsigned: value) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    sink.encodeKey(key)
    try sink.encodeValue(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    sink.encodeKey(key)
    sink.tag(.begin)
    return KeyedEncodingContainer(KeyedDigestContainer<NestedKey>(sink: sink))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    sink.encodeKey(key)
    sink.tag(.begin)
    return UnkeyedDigestContainer(sink: sink)
  }

  mutating func superEncoder() -> any Encoder {
    sink.tag(.begin)
    return DigestEncoder(sink: sink)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    sink.encodeKey(key)
    sink.tag(.begin)
    return DigestEncoder(sink: sink)
  }
}

struct UnkeyedDigestContainer: UnkeyedEncodingContainer {
  let sink: DigestSink
  var codingPath: [any CodingKey] { [] }
  private(set) var count = 0

  init(sink: DigestSink) {
    self.sink = sink
  }

  /// Each element is preceded by its position, so elements cannot merge into each other.
  private mutating func next() {
    sink.tag(.index)
    count += 1
  }

  mutating func encodeNil() { next(); sink.encodeNil() }
  mutating func encode(_ value: Bool) { next(); sink.encode(value) }
  mutating func encode(_ value: String) { next(); sink.encode(value) }
  mutating func encode(_ value: Double) { next(); sink.encode(value) }
  mutating func encode(_ value: Float) { next(); sink.encode(value) }
  mutating func encode(_ value: Int) { next(); sink.encode(signed: Int64(value)) }
  mutating func encode(_ value: Int8) { next(); sink.encode(signed: Int64(value)) }
  mutating func encode(_ value: Int16) { next(); sink.encode(signed: Int64(value)) }
  mutating func encode(_ value: Int32) { next(); sink.encode(signed: Int64(value)) }
  mutating func encode(_ value: Int64) { next(); sink.encode(signed: value) }
  mutating func encode(_ value: UInt) { next(); sink.encode(unsigned: UInt64(value)) }
  mutating func encode(_ value: UInt8) { next(); sink.encode(unsigned: UInt64(value)) }
  mutating func encode(_ value: UInt16) { next(); sink.encode(unsigned: UInt64(value)) }
  mutating func encode(_ value: UInt32) { next(); sink.encode(unsigned: UInt64(value)) }
  mutating func encode(_ value: UInt64) { next(); sink.encode(unsigned: value) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    next()
    try sink.encodeValue(value)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    next()
    sink.tag(.begin)
    return KeyedEncodingContainer(KeyedDigestContainer<NestedKey>(sink: sink))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    next()
    sink.tag(.begin)
    return UnkeyedDigestContainer(sink: sink)
  }

  mutating func superEncoder() -> any Encoder {
    next()
    sink.tag(.begin)
    return DigestEncoder(sink: sink)
  }
}

struct SingleValueDigestContainer: SingleValueEncodingContainer {
  let sink: DigestSink
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() { sink.encodeNil() }
  mutating func encode(_ value: Bool) { sink.encode(value) }
  mutating func encode(_ value: String) { sink.encode(value) }
  mutating func encode(_ value: Double) { sink.encode(value) }
  mutating func encode(_ value: Float) { sink.encode(value) }
  mutating func encode(_ value: Int) { sink.encode(signed: Int64(value)) }
  mutating func encode(_ value: Int8) { sink.encode(signed: Int64(value)) }
  mutating func encode(_ value: Int16) { sink.encode(signed: Int64(value)) }
  mutating func encode(_ value: Int32) { sink.encode(signed: Int64(value)) }
  mutating func encode(_ value: Int64) { sink.encode(signed: value) }
  mutating func encode(_ value: UInt) { sink.encode(unsigned: UInt64(value)) }
  mutating func encode(_ value: UInt8) { sink.encode(unsigned: UInt64(value)) }
  mutating func encode(_ value: UInt16) { sink.encode(unsigned: UInt64(value)) }
  mutating func encode(_ value: UInt32) { sink.encode(unsigned: UInt64(value)) }
  mutating func encode(_ value: UInt64) { sink.encode(unsigned: value) }
  mutating func encode<T: Encodable>(_ value: T) throws { try sink.encodeValue(value) }
}
