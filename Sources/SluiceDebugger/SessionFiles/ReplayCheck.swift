/// Compares a load's replayed states with the digests the file saved, at a cost linear in
/// the log, and finds where replay first differs.
///
/// A replayed state is checked when ``DigestSchedule`` says it is due and the file has a
/// digest for it. Files saved with the schedule have digests exactly where it is due as long
/// as replay produces the saved states; files saved before it have one after every entry.
///
/// When a checked state differs, the entries since the last matching check are replayed
/// and those with a saved digest are compared one by one. So what is found is a range: its
/// last entry is the first whose saved digest differs, its first the entry after the last
/// one whose digest matched. Replay first differs somewhere in it; the range is one entry
/// when the file has a digest after every entry (old files, and small states). A difference
/// that appears and disappears again between two digests is not seen; the final state is
/// always compared.
struct ReplayCheck<State: Encodable> {
  private let sink = DigestSink()
  private var schedule: DigestSchedule
  private let savedDigest: (Int) -> UInt64?
  private let replay: (inout State, Int) -> Void
  /// The last entry whose state matched (-1: the initial state), and that state.
  private var matched: (offset: Int, state: State)

  /// A check of `count` entries replayed from `initialState`; `savedDigest(offset)` is the
  /// file's digest after an entry (`nil` when it has none there), and `replay(&state, offset)`
  /// applies an entry again.
  init(
    initialState: State, count: Int, savedDigest: @escaping (Int) -> UInt64?,
    replay: @escaping (inout State, Int) -> Void
  ) {
    schedule = DigestSchedule(count: count)
    self.savedDigest = savedDigest
    self.replay = replay
    matched = (-1, initialState)
  }

  /// Notes that the entry at `offset` produced `state`, and returns the offsets among which
  /// replay first differs from the file when this check finds a difference: the last is the
  /// first entry whose saved digest differs, the first follows the last whose digest matched.
  mutating func firstDifference(after offset: Int, producing state: State) -> ClosedRange<Int>? {
    guard let saved = savedDigest(offset), schedule.isDue(offset) else { return nil }
    if (try? schedule.digest(of: state, at: offset, using: sink)) == saved {
      matched = (offset, state)
      return nil
    }
    var replayed = matched.state
    var earliest = matched.offset + 1
    for candidate in (matched.offset + 1)..<offset {
      replay(&replayed, candidate)
      guard let saved = savedDigest(candidate) else { continue }
      if (try? sink.digest(of: replayed)) != saved { return earliest...candidate }
      earliest = candidate + 1
    }
    return earliest...offset
  }
}
