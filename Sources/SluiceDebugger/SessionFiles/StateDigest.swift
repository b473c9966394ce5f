/// Digests of `Encodable` values: what a session file records after each entry so that a
/// load can name the first entry where replay disagrees with the saved session.
///
/// The value is fed through its own `encode(to:)` straight into a ``Digest``: no JSON text
/// is built. The result is a function of the encoded value alone, stable across processes:
/// keys, tags for each kind of value, and the bounds of every nested value are mixed in
/// (so `{a: {b: 1}, c: 2}` and `{a: {b: 1, c: 2}}` differ), and sets and dictionaries,
/// whose iteration order changes from one process to the next, are digested independently
/// of their order.
///
/// These are one-off conveniences; to digest many values, reuse one ``DigestSink``.
enum StateDigest {
  /// The words `value`'s encoding feeds the digest: equal for two values exactly when
  /// their encodings are equal, except inside sets and dictionaries, which contribute the
  /// order-independent digest of their elements.
  static func transcript<Value: Encodable>(of value: Value) throws -> [UInt64] {
    let sink = DigestSink()
    _ = try sink.transcribe(value)
    return sink.withWords { Array($0) }
  }

  /// The digest of `value`; throws what its `encode(to:)` throws.
  static func of<Value: Encodable>(_ value: Value) throws -> UInt64 {
    try DigestSink().digest(of: value)
  }
}

/// Sets and dictionaries: digested as an order-independent combination of their elements.
protocol UnorderedDigestible {
  /// A digest of the elements that does not depend on their order, each element digested
  /// separately with `sink`.
  func unorderedDigest(in sink: DigestSink) throws -> UInt64
}

extension Set: UnorderedDigestible where Element: Encodable {
  func unorderedDigest(in sink: DigestSink) throws -> UInt64 {
    var sum: UInt64 = 0
    for element in self {
      // Wrapping addition is commutative, so the order of iteration does not matter.
      sum &+= try sink.separateDigest { try sink.encodeValue(element) }
    }
    return sum
  }
}

extension Dictionary: UnorderedDigestible where Key: Encodable, Value: Encodable {
  func unorderedDigest(in sink: DigestSink) throws -> UInt64 {
    var sum: UInt64 = 0
    for (key, value) in self {
      sum &+= try sink.separateDigest {
        try sink.encodeValue(key)
        try sink.encodeValue(value)
      }
    }
    return sum
  }
}
