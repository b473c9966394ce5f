/// The digest being built, shared by ``DigestEncoder`` and all its containers; one sink
/// digests any number of values in turn (``digest(of:)``, ``transcribe(_:)``), so a save
/// allocates it once rather than once per entry.
///
/// What it mutates lives in memory it allocates itself, reached through a `let` pointer:
/// a stored `var` of a class is checked for exclusive access at run time on every access,
/// which cost about 6% of a save when each mixed-in word went through one. Accesses through
/// the pointer are never held across a call out to an `encode(to:)`, so no two can overlap.
final class DigestSink {
  private struct Storage {
    var digest = Digest()
    /// Whether ``words`` records what is mixed in (``transcribe(_:)``).
    var isRecording = false
    var words: [UInt64] = []
    /// Per type: whether a value of it can be cast to ``UnorderedDigestible`` (see
    /// ``mayBeUnordered(_:)``), so the cast, a conformance lookup, runs only where needed.
    var mayBeUnordered: [ObjectIdentifier: Bool] = [:]
    /// Words mixed in so far, by every digest: a measure of the work done.
    var wordCount = 0
  }

  private let storage: UnsafeMutablePointer<Storage>

  init() {
    storage = .allocate(capacity: 1)
    storage.initialize(to: Storage())
  }

  deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// Tags that tell kinds of values apart in the digest.
  enum Tag: UInt64 {
    case null = 1, bool, signed, unsigned, float, double, string, begin, end, unordered, key, index
  }

  /// The digest of `value` alone; throws what its `encode(to:)` throws.
  func digest<Value: Encodable>(of value: Value) throws -> UInt64 {
    try separateDigest { try encodeValue(value) }
  }

  /// The digest of `value`, recording the words mixed in (``withWords(_:)``): equal words
  /// mean equal encodings, which equal digests alone cannot promise.
  func transcribe<Value: Encodable>(_ value: Value) throws -> UInt64 {
    storage.pointee.words.removeAll(keepingCapacity: true)
    storage.pointee.isRecording = true
    defer { storage.pointee.isRecording = false }
    return try separateDigest { try encodeValue(value) }
  }

  /// The words of the last ``transcribe(_:)``.
  func withWords<Result>(_ body: (UnsafeBufferPointer<UInt64>) throws -> Result) rethrows -> Result {
    try storage.pointee.words.withUnsafeBufferPointer(body)
  }

  /// Runs `body` against a fresh digest and returns it; the digest in progress, and
  /// whether it records, are restored afterwards. Elements of sets and dictionaries are
  /// digested this way, unrecorded: only the sum of their digests enters a transcript.
  func separateDigest(_ body: () throws -> Void) rethrows -> UInt64 {
    let outer = storage.pointee.digest
    let wasRecording = storage.pointee.isRecording
    storage.pointee.digest = Digest()
    defer {
      storage.pointee.digest = outer
      storage.pointee.isRecording = wasRecording
    }
    try body()
    return storage.pointee.digest.value
  }

  /// How many words every digest of this sink has mixed in so far: the work done, which
  /// grows with the size of the values digested.
  var wordCount: Int { storage.pointee.wordCount }

  @inline(__always)
  func combine(_ word: UInt64) {
    storage.pointee.wordCount &+= 1
    if storage.pointee.isRecording { storage.pointee.words.append(word) }
    storage.pointee.digest.combine(word)
  }

  func combine(_ text: String) {
    Digest.forEachWord(of: text) { combine($0) }
  }

  @inline(__always)
  func tag(_ tag: Tag) { combine(tag.rawValue) }

  func encodeValue<T: Encodable>(_ value: T) throws {
    if mayBeUnordered(T.self), let unordered = value as? any UnorderedDigestible {
      tag(.unordered)
      combine(try unordered.unorderedDigest(in: self))
      return
    }
    tag(.begin)
    try value.encode(to: DigestEncoder(sink: self))
    tag(.end)
  }

  /// False when no value of `type` can be cast to ``UnorderedDigestible``: the type does
  /// not conform and is not an `Optional` (a cast looks inside those). Only sets and
  /// dictionaries conform, so a subclass cannot conform where its superclass does not.
  private func mayBeUnordered<T>(_ type: T.Type) -> Bool {
    let key = ObjectIdentifier(type)
    if let known = storage.pointee.mayBeUnordered[key] { return known }
    let answer = type is any UnorderedDigestible.Type || type is any OptionalMarker.Type
    storage.pointee.mayBeUnordered[key] = answer
    return answer
  }

  func encodeKey(_ key: some CodingKey) {
    tag(.key)
    combine(key.stringValue)
  }

  func encodeNil() { tag(.null) }
  func encode(_ value: Bool) { tag(.bool); combine(value ? 1 : 0) }
  func encode(_ value: String) { tag(.string); combine(value) }
  func encode(_ value: Double) { tag(.double); combine(value.bitPattern) }
  func encode(_ value: Float) { tag(.float); combine(UInt64(value.bitPattern)) }
  func encode(signed value: Int64) { tag(.signed); combine(UInt64(bitPattern: value)) }
  func encode(unsigned value: UInt64) { tag(.unsigned); combine(value) }
}

/// Marks `Optional`, whose values a dynamic cast unwraps (see `DigestSink.mayBeUnordered`).
private protocol OptionalMarker {}
extension Optional: OptionalMarker {}
