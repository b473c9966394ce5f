import Sluice

extension Inspector {
  /// What `logPoint` would have printed before each kept entry of the timeline: the entries
  /// whose action it matches, each with the values in the state before it, as a breakpoint
  /// there saw it. Edits are not actions and skipped (toggled off) entries were not reduced:
  /// neither is matched. Nothing moves and nothing runs.
  func trace(_ logPoint: LogPoint) -> [TracedEntry] {
    let history = history
    let describer = describer
    var states = history.stateCursor
    var traced: [TracedEntry] = []
    for index in history.firstIndex..<history.lastIndex + 1 {
      guard let action = history.reducedAction(at: index) else { continue }
      let caseName = describer.caseName(action)
      // Only a matching entry's state is read.
      guard logPoint.matches(caseName),
        let values = logPoint.printed(before: action, in: states.state(after: index - 1), redaction: redaction)
      else { continue }
      traced.append(TracedEntry(index: index, action: describer.describe(action), caseName: caseName, values: values))
    }
    return traced
  }
}
