/// Compares a load's replayed states with the digests the file saved, at a cost linear in
/// the log, and finds the first entry whose state differs.
///
/// Digesting every state costs the size of the state at every entry: for a list that grows
/// by one element an entry, that is quadratic (12,500 Todos entries took 22 s). So a state
/// is digested only when the digests since the last one have been paid for: after a digest
/// of `w` words, the next `w / wordsPerEntry` entries are not checked, which keeps the
/// digesting to about `wordsPerEntry` words an entry whatever the state's size. Small states
/// (under `wordsPerEntry` words) are still checked at every entry; the last entry always is.
///
/// When a checked state differs, the entries since the last matching check are replayed
/// and digested one by one, so the entry reported is the first that differs after a
/// matching one. A difference that appears and disappears again between two checks is not
/// seen; the final state is always compared.
struct ReplayCheck<State: Encodable> {
  /// The digest work allowed per entry, on average, in words.
  static var wordsPerEntry: Int { 256 }

  private let sink = DigestSink()
  private let count: Int
  private let savedDigest: (Int) -> UInt64
  private let replay: (inout State, Int) -> Void
  /// The last entry whose state matched (-1: the initial state), and that state.
  private var matched: (offset: Int, state: State)
  private var nextOffset = 0

  /// A check of `count` entries replayed from `initialState`; `savedDigest(offset)` is the
  /// file's digest after an entry, and `replay(&state, offset)` applies an entry again.
  init(
    initialState: State, count: Int, savedDigest: @escaping (Int) -> UInt64,
    replay: @escaping (inout State, Int) -> Void
  ) {
    self.count = count
    self.savedDigest = savedDigest
    self.replay = replay
    matched = (-1, initialState)
  }

  /// Notes that the entry at `offset` produced `state`, and returns the offset of the first
  /// entry that differs from the file when this check finds one.
  mutating func firstDifference(after offset: Int, producing state: State) -> Int? {
    guard offset >= nextOffset || offset == count - 1 else { return nil }
    let start = sink.wordCount
    if (try? sink.digest(of: state)) == savedDigest(offset) {
      matched = (offset, state)
      nextOffset = offset + max(1, (sink.wordCount - start) / Self.wordsPerEntry)
      return nil
    }
    var replayed = matched.state
    for candidate in (matched.offset + 1)..<offset {
      replay(&replayed, candidate)
      if (try? sink.digest(of: replayed)) != savedDigest(candidate) { return candidate }
    }
    return offset
  }
}
