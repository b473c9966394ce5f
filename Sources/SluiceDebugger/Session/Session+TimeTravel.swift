import Sluice

extension Session {
  /// Makes the store's state the state after history entry `index` (0 or the index before
  /// the first entry kept means the base state). History is kept; the next send forks from
  /// here, dropping the entries after it.
  func jump(to index: Int) throws(DebugError) {
    let earliest = history.firstIndex - 1
    guard (earliest...history.lastIndex).contains(index) || index == 0 else {
      throw DebugError("no history entry \(index): entries run from \(earliest) to \(history.lastIndex)")
    }
    let target = max(index, earliest)
    replaceState(with: history.state(after: target), reason: "jumped to #\(target)")
    travelledTo = target < history.lastIndex ? target : nil
  }

  /// Skips entry `index` (or stops skipping it) and recomputes every later state with the
  /// reducer alone; the store's state becomes the recomputed current state.
  ///
  /// - Returns: Whether the entry is now skipped.
  func toggle(_ index: Int) throws(DebugError) -> Bool {
    guard let entry = history.entry(index) else {
      throw DebugError("no history entry \(index): entries run from \(history.firstIndex) to \(history.lastIndex)")
    }
    describePendingReductions()
    history.setSkipped(!entry.isSkipped, at: index)
    let current = travelledTo ?? history.lastIndex
    replaceState(
      with: history.state(after: current),
      reason: "\(entry.isSkipped ? "restored" : "skipped") #\(index), later states recomputed")
    return !entry.isSkipped
  }

  /// Returns to the base state (the initial state, unless committed since) and forgets the
  /// history.
  func reset() {
    describePendingReductions()
    replaceState(with: history.base, reason: "reset")
    history.clear(base: history.base)
    travelledTo = nil
  }

  /// Makes the current state the base: history is forgotten and `reset` returns here.
  func commit() {
    describePendingReductions()
    history.clear(base: store.state)
    travelledTo = nil
  }

  func replaceState(with newState: State, reason: String) {
    let oldState = store.state
    store.replaceState(with: newState)
    emit(.stateReplaced(reason: reason, diff: StateDiff(from: oldState, to: newState)))
    for breakpoint in breakpointList.all {
      if case .watch(let path) = breakpoint.kind {
        watchedValues[breakpoint.id] = render(path, in: newState)
      }
    }
  }
}
