import Sluice

/// The recorder's operations on the timeline and the events, for its session: every change
/// that lets history entries go keeps the reductions no client took yet first, so no caller
/// has to remember to.
extension Recorder {
  /// Changes the timeline in a way that may let entries go (a rewrite, a restart, a smaller
  /// limit, a replacement), after keeping the reductions not yet taken, and notes that what a
  /// save would write changed.
  func rewriteTimeline<Result>(_ change: (inout Timeline<State, Action>) -> Result) -> Result {
    keepWaitingReductions()
    revision &+= 1
    return change(&timeline)
  }

  /// Moves the state to the entry `index` (no entry goes).
  ///
  /// - Returns: Whether it left the present.
  func travel(to index: Int) -> Bool {
    revision &+= 1
    return timeline.travel(to: index)
  }

  /// Records the changed paths of entry `index`, computed after the fact.
  func setChangedPaths(_ paths: [StatePath], at index: Int) {
    timeline.setChangedPaths(paths, at: index)
  }

  /// Notes that what a save would write changed.
  func noteEdit() {
    revision &+= 1
  }

  /// Adds an event for clients.
  func emit(_ event: DebugEvent) {
    events.emit(event)
  }

  /// Takes the waiting events, each reduction described (see ``EventLog/take(describing:shown:holdingCycleRepeats:)``).
  func takeEvents(holdingCycleRepeats: Bool = false) -> [DebugEvent] {
    guard !events.isEmpty else { return [] }
    return events.take(
      describing: { describeEntry(self, $0) }, shown: options.diffDisplay, holdingCycleRepeats: holdingCycleRepeats)
  }

  /// The record of entry `index`, if kept.
  @inlinable
  func record(at index: Int) -> HistoryRecord? {
    timeline.history.entry(index).map(describer.record(of:))
  }

  /// Before recording while travelled: forks the timeline at the position, after keeping
  /// the reductions not yet taken while their entries exist.
  @usableFromInline
  func forkAtPosition() {
    keepWaitingReductions()
    let position = timeline.position
    let last = timeline.history.lastIndex
    if timeline.forkIfTravelled(), last > position {
      events.emit(.forked(at: position, dropped: (position + 1)...last))
    }
  }

  /// Keeps copies of the entries of the reductions not yet taken, while those entries exist:
  /// before a fold (the entries `...last`), a fork or a rewrite (all of them) removes them.
  /// They are described when taken. Inlinable, so that recording, which folds every so many
  /// actions, keeps them with code specialised for the feature's types.
  @inlinable
  func keepWaitingReductions(through last: Int? = nil) {
    events.keepReductions(through: last) { run, diff in
      let detached = timeline.history.detach(run)
      let (describer, shown) = (describer, options.diffDisplay)
      return KeptReductions(count: detached.count) {
        detached.entries.map { .reduced(describer.record(of: $0), diff: diff, shown: shown) }
      }
    }
  }
}
