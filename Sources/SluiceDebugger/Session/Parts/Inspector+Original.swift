import Sluice

extension Inspector {
  /// `diff original`: how the last state now differs from the last state of the history kept
  /// before the first what-if, titled with the first entry where the two timelines differ
  /// (its action, whether it is skipped, or the state after it).
  func comparisonWithOriginal() throws(DebugError) -> (title: String, diff: StateDiff) {
    guard let original = timeline.original else {
      throw DebugError("no original timeline is kept: `replace`, `toggle`, `insert` and `shrink` keep the one before them")
    }
    let current = history
    let diff = redaction.masking(StateDiff(from: original.finalState, to: current.finalState))
    let ends = "original #\(original.lastIndex) → now #\(current.lastIndex)"
    guard let first = fork?.firstDifferent else { return ("\(ends): the timelines are the same", diff) }
    func shown(_ history: History<State, Action>) -> String {
      guard let entry = history.entry(first) else { return "no entry" }
      return describer.describe(entry.action) + (entry.isSkipped ? " (skipped)" : "")
    }
    return ("\(ends), first different at #\(first): \(shown(original)) → \(shown(current))", diff)
  }

  /// Where the timeline and its original part, while an original is kept; worked out once
  /// per change of the history.
  var fork: TimelineFork? {
    guard let original = timeline.original else { return nil }
    if let cached = session.forkCache, cached.revision == session.revision { return cached.fork }
    let fork = TimelineFork(originalLast: original.lastIndex, firstDifferent: Self.firstDifference(between: original, and: history, describer: describer))
    session.forkCache = (session.revision, fork)
    return fork
  }

  /// The first entry where `original` and `current` differ: its action, whether it is
  /// skipped, or the state after it; one past the shorter when one goes on further.
  private static func firstDifference(
    between original: History<State, Action>, and current: History<State, Action>, describer: EntryDescriber<Action>
  ) -> Int? {
    var old = original.stateCursor
    var new = current.stateCursor
    let end = min(original.lastIndex, current.lastIndex)
    var index = max(original.firstIndex, current.firstIndex)
    while index <= end {
      if let before = original.entry(index), let after = current.entry(index),
        describer.describe(before.action) != describer.describe(after.action) || before.isSkipped != after.isSkipped
          || old.state(after: index) != new.state(after: index)
      {
        return index
      }
      index += 1
    }
    return original.lastIndex != current.lastIndex ? end + 1 : nil
  }
}
