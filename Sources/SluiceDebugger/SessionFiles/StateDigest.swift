/// Digests of `Encodable` values: what a session file records after each entry so that a
/// load can name the first entry where replay disagrees with the saved session.
///
/// The value is fed through its own `encode(to:)` straight into a ``Digest``: no JSON text
/// is built. The result is a function of the encoded value alone, stable across processes:
/// keys, tags for each kind of value, and the bounds of every nested value are mixed in
/// (so `{a: {b: 1}, c: 2}` and `{a: {b: 1, c: 2}}` differ), and sets and dictionaries,
/// whose iteration order changes from one process to the next, are digested independently
/// of their order.
enum StateDigest {
  /// The words `value`'s encoding feeds the digest: equal for two values exactly when
  /// their encodings are equal, except inside sets and dictionaries, which contribute the
  /// order-independent digest of their elements.
  static func transcript<Value: Encodable>(of value: Value) throws -> [UInt64] {
    let sink = DigestSink(recording: true)
    try sink.encodeValue(value)
    return sink.digest.words ?? []
  }

  /// The digest of `value`; throws what its `encode(to:)` throws.
  static func of<Value: Encodable>(_ value: Value) throws -> UInt64 {
    let sink = DigestSink()
    try sink.encodeValue(value)
    return sink.digest.value
  }
}

/// Sets and dictionaries: digested as an order-independent combination of their elements.
protocol UnorderedDigestible {
  /// A digest of the elements that does not depend on their order.
  func unorderedDigest() throws -> UInt64
}

extension Set: UnorderedDigestible where Element: Encodable {
  func unorderedDigest() throws -> UInt64 {
    var sum: UInt64 = 0
    for element in self {
      let sink = DigestSink()
      try sink.encodeValue(element)
      // Wrapping addition is commutative, so the order of iteration does not matter.
      sum &+= sink.digest.value
    }
    return sum
  }
}

extension Dictionary: UnorderedDigestible where Key: Encodable, Value: Encodable {
  func unorderedDigest() throws -> UInt64 {
    var sum: UInt64 = 0
    for (key, value) in self {
      let sink = DigestSink()
      try sink.encodeValue(key)
      try sink.encodeValue(value)
      sum &+= sink.digest.value
    }
    return sum
  }
}

/// The digest being built, shared by the encoder and all its containers.
final class DigestSink {
  var digest: Digest

  init(recording: Bool = false) {
    digest = Digest(recording: recording)
  }

  /// Tags that tell kinds of values apart in the digest.
  enum Tag: UInt64 {
    case null = 1, bool, signed, unsigned, float, double, string, begin, end, unordered, key, index
  }

  func tag(_ tag: Tag) { digest.combine(tag.rawValue) }

  func encodeValue<T: Encodable>(_ value: T) throws {
    if let unordered = value as? any UnorderedDigestible {
      tag(.unordered)
      digest.combine(try unordered.unorderedDigest())
      return
    }
    tag(.begin)
    try value.encode(to: DigestEncoder(sink: self))
    tag(.end)
  }

  func encodeKey(_ key: some CodingKey) {
    tag(.key)
    digest.combine(key.stringValue)
  }

  func encodeNil() { tag(.null) }
  func encode(_ value: Bool) { tag(.bool); digest.combine(value ? 1 : 0) }
  func encode(_ value: String) { tag(.string); digest.combine(value) }
  func encode(_ value: Double) { tag(.double); digest.combine(value.bitPattern) }
  func encode(_ value: Float) { tag(.float); digest.combine(UInt64(value.bitPattern)) }
  func encode(signed value: Int64) { tag(.signed); digest.combine(UInt64(bitPattern: value)) }
  func encode(unsigned value: UInt64) { tag(.unsigned); digest.combine(value) }
}
