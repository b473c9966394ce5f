/// Which entries of a log have the state after them digested: the one schedule by which
/// `save` writes digests and load checks them, at a cost linear in the log.
///
/// Digesting every state costs the size of the state at every entry: for a list that grows
/// by one element an entry, that is quadratic (a Todos session of 4,000 adds took 14 s of
/// CPU to save, 12,500 entries 22 s to load). So a state is digested only when the digests
/// since the last one have been paid for: after a digest of `w` words, the next
/// `w / wordsPerEntry - 1` entries are skipped, which keeps the digesting to about
/// `wordsPerEntry` words an entry whatever the state's size. Small states (under
/// `wordsPerEntry` words) are digested after every entry; the last entry always is.
///
/// The schedule depends only on the sizes of the states digested, so a load that replays the
/// states a save digested is due at exactly the entries that have a digest in the file.
struct DigestSchedule {
  /// The digest work allowed per entry, on average, in words.
  static var wordsPerEntry: Int { 256 }

  private let count: Int
  private var nextOffset = 0

  /// The schedule of a log of `count` entries.
  init(count: Int) {
    self.count = count
  }

  /// Whether the state after the entry at `offset` is due to be digested.
  func isDue(_ offset: Int) -> Bool {
    offset >= nextOffset || offset == count - 1
  }

  /// The digest of `state`, the state after the entry at `offset`, when that entry is due
  /// (and the next due entry is then set by the digest's size); `nil` when it is not due.
  /// Throws what `state`'s `encode(to:)` throws.
  mutating func digest<State: Encodable>(
    of state: State, at offset: Int, using sink: DigestSink
  ) throws -> UInt64? {
    guard isDue(offset) else { return nil }
    let start = sink.wordCount
    let digest = try sink.digest(of: state)
    nextOffset = offset + max(1, (sink.wordCount - start) / Self.wordsPerEntry)
    return digest
  }
}
