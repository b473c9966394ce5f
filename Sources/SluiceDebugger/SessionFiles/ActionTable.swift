/// The distinct actions of a log, each stored once in a session file and referred to by
/// position: sessions repeat a handful of actions many times, and decoding one action with
/// `JSONDecoder` costs microseconds.
///
/// Actions are told apart by their encoding's transcript (``DigestSink/transcribe(_:)``),
/// not by a digest, so two different actions are never merged by a collision. The digest
/// only finds the candidates: hashing it is cheaper than hashing a transcript.
struct ActionTable<Action: Encodable> {
  private(set) var actions: [Action] = []
  /// The transcripts of `actions`, one after another: action `i`'s ends at `ends[i]`.
  private var words: [UInt64] = []
  private var ends: [Int] = []
  /// The last action added with each digest; `previousWithSameDigest[i]` is the one added
  /// before action `i` with its digest, or -1.
  private var lastByDigest: [UInt64: Int] = [:]
  private var previousWithSameDigest: [Int] = []

  /// The position of `action` in the table, adding it if it is new; `sink` transcribes it.
  mutating func position(of action: Action, using sink: DigestSink) throws -> Int {
    let digest = try sink.transcribe(action)
    let last = lastByDigest[digest] ?? -1
    return sink.withWords { transcript in
      var candidate = last
      while candidate >= 0 {
        let start = candidate == 0 ? 0 : ends[candidate - 1]
        if words[start..<ends[candidate]].elementsEqual(transcript) { return candidate }
        candidate = previousWithSameDigest[candidate]
      }
      let position = actions.count
      actions.append(action)
      words.append(contentsOf: transcript)
      ends.append(words.count)
      previousWithSameDigest.append(last)
      lastByDigest[digest] = position
      return position
    }
  }
}
