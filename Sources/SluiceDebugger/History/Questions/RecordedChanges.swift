/// What the paths recorded as changed by each entry say about one state path, read without
/// a state: the walk a question of a long history makes (`why`, `history`, `log changed`).
///
/// Kept out of the session's generic code on purpose: there, every step of a 100,000-entry
/// walk looked up type metadata, which cost more than the walk (benchmark 16).
struct RecordedChanges {
  /// What each entry changed, by history index, where it is known.
  let table: [Int: [StatePath]]
  /// The path asked about.
  let target: StatePath

  /// What an entry's recorded paths say.
  enum Verdict {
    /// It changed the path, or something inside it.
    case changed
    /// It changed something around the path: whether the value at the path differs must be
    /// read from the states.
    case around
    /// Nothing is recorded for it: its states must be compared.
    case unknown
  }

  /// What entry `index` may have done to the path; `nil` when it surely did not change it.
  func verdict(at index: Int) -> Verdict? {
    guard let paths = table[index] else { return .unknown }
    return Self.verdict(of: paths, for: target)
  }

  /// What an entry that changed `paths` did to `target`: changed it, changed something
  /// around it, or (`nil`) surely not changed it.
  static func verdict(of paths: [StatePath], for target: StatePath) -> Verdict? {
    if paths.contains(where: { $0.starts(with: target) }) { return .changed }
    if paths.contains(where: { target.starts(with: $0) }) { return .around }
    return nil
  }

  /// The entries of `indices` that may have changed the path, in order, each with its
  /// verdict. A range, not any sequence: called from the session's generic code, a generic
  /// sequence here would be walked through its protocol, element by element.
  func candidates(_ indices: Range<Int>) -> [(index: Int, verdict: Verdict)] {
    var found: [(index: Int, verdict: Verdict)] = []
    for index in indices {
      if let verdict = verdict(at: index) { found.append((index, verdict)) }
    }
    return found
  }

  /// The first entry of `indices` that may have changed the path, with its verdict, and
  /// where the walk stopped.
  func first(among indices: StrideThrough<Int>) -> (index: Int, verdict: Verdict)? {
    for index in indices {
      if let verdict = verdict(at: index) { return (index, verdict) }
    }
    return nil
  }
}
