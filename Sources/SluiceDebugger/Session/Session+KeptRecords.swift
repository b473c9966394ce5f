import Sluice

/// What the session keeps of its past beside the history: the jobs' spans, the cycle
/// warnings and the stops. Each stays through time travel (they are what happened) and goes
/// with the entries the history lets go: folded by its limit, forgotten by `reset` or
/// `commit`. What ended before the first kept entry goes (a span by its end, a cycle by when
/// it was last seen, a stop by its time).
extension Session {
  /// The time before which what ended goes: the first kept entry's, once the history let
  /// entries go; `nil` while it keeps every entry it made, or keeps none yet.
  func recordFloor(of history: History<State, Action>) -> Duration? {
    history.firstIndex > 1 ? history.firstEntryTime : nil
  }

  /// Lets go of what ended before the history's first kept entry, when the history let
  /// entries go since the last time: before a new record is added, so that a cycle seen
  /// again is not counted with warnings the history no longer explains.
  func trimRecordsToHistory() {
    let history = recorder.timeline.history
    guard history.firstIndex != recordsTrimmedAtFirstIndex else { return }
    recordsTrimmedAtFirstIndex = history.firstIndex
    guard let floor = recordFloor(of: history) else { return }
    jobSpanLog.dropEnded(before: floor)
    replaceCycleReports(with: cycleReports.filter { $0.lastSeen >= floor })
    stopLog.dropStops(before: floor)
  }

  /// Forgets what ended before now, as `reset` and `commit` forget the history: the jobs
  /// still running keep their spans.
  func forgetRecordedPast() {
    jobSpanLog.dropEnded(before: nil)
    replaceCycleReports(with: [])
    stopLog.dropStops(before: nil)
    recordsTrimmedAtFirstIndex = recorder.timeline.history.firstIndex
    replayed = nil
  }

  /// The cycle warnings the history still explains, in the order first seen.
  var keptCycleReports: [CycleReport] {
    guard let floor = recordFloor(of: recorder.timeline.history) else { return cycleReports }
    return cycleReports.filter { $0.lastSeen >= floor }
  }

  /// The stops the history still explains, oldest first.
  var keptStops: [StopLog.Stop] {
    guard let floor = recordFloor(of: recorder.timeline.history) else { return Array(stopLog.stops) }
    return stopLog.stops.filter { $0.time >= floor }
  }

  /// Replaces the cycle warnings (a load's, or those kept), each cycle found again by its
  /// case names.
  func replaceCycleReports(with reports: [CycleReport]) {
    cycleReports = reports
    cycleIndex = [:]
    for (position, report) in reports.enumerated() {
      cycleIndex[CycleReport.canonicalRotation(of: report.cycle)] = position
    }
  }
}
