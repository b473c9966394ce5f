import Sluice

/// Time travel. Every operation here keeps the timeline's invariant: the store's state is
/// the state the history keeps for the position. One that leaves the
/// present or rewrites history (`jump` into the past, `toggle`, `reset`, `load`) first
/// cancels the live jobs and drops the queued actions, reporting each: they belong to the
/// timeline it abandons.
extension TimeTraveller {
  /// Makes the store's state the state after history entry `index` (0 or the index before
  /// the first entry kept means the base state). History is kept; the next action forks
  /// from here, dropping the entries after it.
  func jump(to index: Int) throws(DebugError) {
    let earliest = history.firstIndex - 1
    if index > 0, index < earliest {
      throw DebugError(
        "entry #\(index) was folded into the base because of the history limit (\(timeline.historyLimit) entries): "
          + "entries now run from #\(history.firstIndex) to #\(history.lastIndex); `jump 0` goes to the base "
          + "and `reset` to the initial state")
    }
    guard (earliest...history.lastIndex).contains(index) || index == 0 else {
      throw DebugError("no history entry \(index): entries run from \(earliest) to \(history.lastIndex)")
    }
    let target = max(index, earliest)
    if target < history.lastIndex { session.abandonLiveWork(because: "jump to #\(target)") }
    _ = recorder.travel(to: target)
    replaceState(with: timeline.stateAtPosition, reason: "jumped to #\(target)")
  }

  /// Jumps back one entry from the position, or, `overChain`, to the entry before the root
  /// of the chain the entry at the position belongs to.
  func stepBack(overChain: Bool) throws(DebugError) -> Int {
    let position = timeline.position
    guard let entry = history.entry(position) else {
      if position <= 0 { throw DebugError("already at the base (#0): nothing to step back over") }
      throw DebugError(
        "already at the base (#\(position)): the history limit (\(timeline.historyLimit) entries) folded the entries "
          + "before it")
    }
    var target = position - 1
    if overChain, entry.context.parent != nil {
      guard let root = history.index(ofSequence: entry.context.root) else {
        throw DebugError(
          "the root of #\(position)'s chain was folded into the base (history limit): `jump \(history.firstIndex - 1)` "
            + "goes to the base")
      }
      target = root - 1
    }
    try jump(to: max(target, history.firstIndex - 1))
    return timeline.position
  }

  /// Skips entry `index` (or stops skipping it) and recomputes every later state with the
  /// reducer alone, each entry fed the values it read when recorded; the store's state
  /// becomes the recomputed state at the position.
  ///
  /// Before recomputing, each entry to be replayed is run once from its recorded state: the
  /// first whose replay differs from what was recorded is reported (``ReplayDivergence``),
  /// since the states recomputed after it cannot be trusted either.
  ///
  /// - Returns: Whether the entry is now skipped.
  func toggle(_ index: Int) throws(DebugError) -> Bool {
    guard let entry = history.entry(index) else {
      throw DebugError("no history entry \(index): entries run from \(history.firstIndex) to \(history.lastIndex)")
    }
    session.abandonLiveWork(because: "toggle #\(index)")
    reportFirstDivergence(in: index...history.lastIndex, command: "toggle")
    recorder.rewriteTimeline { $0.setSkipped(!entry.isSkipped, at: index) }
    replaceState(
      with: timeline.stateAtPosition,
      reason: "\(entry.isSkipped ? "restored" : "skipped") #\(index), later states recomputed")
    return !entry.isSkipped
  }

  /// Puts `action` in place of entry `index` and recomputes the states after it (`replace`):
  /// a what-if on the recorded timeline. The history before the first what-if is kept as the
  /// original until `original forget`, `commit`, `reset` or a load.
  func replace(_ index: Int, with action: ActionArgument) throws(DebugError) {
    guard history.entry(index) != nil else {
      throw DebugError("no history entry \(index): entries run from \(history.firstIndex) to \(history.lastIndex)")
    }
    let decoded = try decodeAction(action)
    session.abandonLiveWork(because: "replace #\(index)")
    reportFirstDivergence(in: index + 1..<history.lastIndex + 1, command: "replace")
    recorder.rewriteTimeline { $0.replaceAction(at: index, with: decoded) }
    replaceState(with: timeline.stateAtPosition, reason: "replaced #\(index) with \(describer.describe(decoded)), later states recomputed")
  }

  /// Before a command recomputes `entries` by replay: reports the first of them whose replay
  /// does not give the state recorded after it, so a changed result is not blamed on the
  /// command when the reducer itself no longer gives what it gave.
  private func reportFirstDivergence(in entries: some Sequence<Int>, command: String) {
    for later in entries {
      guard let entry = history.entry(later), let divergence = divergence(of: entry, command: command) else { continue }
      emit(.replayDiverged(divergence))
      return
    }
  }

  /// Goes back to the history as it was before the first what-if, dropping the what-ifs.
  func restoreOriginal() throws(DebugError) {
    session.abandonLiveWork(because: "original restore")
    guard recorder.rewriteTimeline({ $0.restoreOriginal() }) else {
      throw DebugError("no original timeline is kept: no replace, toggle, insert or shrink changed the history since it was loaded, reset or committed")
    }
    if let replayed = session.replayed {
      // A scratch replay (shrink, insert) replaced the job spans and cycle reports with its own.
      session.jobSpanLog.replace(with: replayed.originalJobSpans)
      session.replaceCycleReports(with: replayed.originalCycleReports)
      session.replayed = nil
    }
    replaceState(with: timeline.stateAtPosition, reason: "restored the original timeline")
  }

  /// Keeps the history as the what-ifs made it: the original is forgotten.
  func forgetOriginal() throws(DebugError) {
    guard timeline.original != nil else { throw DebugError("no original timeline is kept: nothing to forget") }
    recorder.rewriteTimeline { $0.forgetOriginal() }
    session.replayed = nil
  }

  /// Returns to the feature's initial state (or the state at the last `commit`), whatever
  /// the history limit folded since, and forgets the history. The session is then fresh and
  /// running, as after gdb's `run`: a paused store resumes (a job breakpoint may stop it
  /// again at a restarted subscription).
  func reset() {
    session.abandonLiveWork(because: "reset")
    let base = timeline.resetBase
    recorder.rewriteTimeline { $0.restart(from: base) }
    session.forgetRecordedPast()
    // As gdb's `run` starts afresh: a loop restarted is caught by its own reductions alone.
    store.restartCycleDetector()
    replaceState(with: base, reason: "reset")
    session.restartSubscriptions(because: "reset")
    if store.isPaused { continueRunning() }
  }

  /// Makes the current state the base: history is forgotten and `reset` returns here. Live
  /// work goes on at the present; after a jump there is none (the jump cancelled it).
  func commit() {
    recorder.rewriteTimeline { $0.restart(from: store.state) }
    session.forgetRecordedPast()
  }

}
