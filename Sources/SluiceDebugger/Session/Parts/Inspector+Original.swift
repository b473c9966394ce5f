import Sluice

extension Inspector {
  /// `diff original`: how the last state now differs from the last state of the history kept
  /// before the first what-if, titled with the first entry where the two timelines differ
  /// (its action, whether it is skipped, or the state after it).
  func comparisonWithOriginal() throws(DebugError) -> (title: String, diff: StateDiff) {
    guard let original = timeline.original else {
      throw DebugError("no original timeline is kept: `replace`, `toggle` and `shrink` keep the one before them")
    }
    let current = history
    let describer = describer
    let diff = redaction.masking(StateDiff(from: original.finalState, to: current.finalState))
    var first: Int?
    var old = original.stateCursor
    var new = current.stateCursor
    let start = max(original.firstIndex, current.firstIndex)
    let end = min(original.lastIndex, current.lastIndex)
    var index = start
    while first == nil, index <= end {
      if let before = original.entry(index), let after = current.entry(index),
        describer.describe(before.action) != describer.describe(after.action) || before.isSkipped != after.isSkipped
          || old.state(after: index) != new.state(after: index)
      {
        first = index
      }
      index += 1
    }
    if first == nil, original.lastIndex != current.lastIndex { first = end + 1 }
    let ends = "original #\(original.lastIndex) → now #\(current.lastIndex)"
    guard let first else { return ("\(ends): the timelines are the same", diff) }
    func shown(_ history: History<State, Action>) -> String {
      guard let entry = history.entry(first) else { return "no entry" }
      return describer.describe(entry.action) + (entry.isSkipped ? " (skipped)" : "")
    }
    return ("\(ends), first different at #\(first): \(shown(original)) → \(shown(current))", diff)
  }
}
