import Sluice

extension Archivist {
  /// The session as a trace (``SessionTrace``), with `origin` saying where it came from:
  /// each kept history entry's reduction, named for its action's case, with the action, its
  /// origin, depth, index, the reducer's time and the paths it changed; each job from its
  /// launch to its end; each distinct cycle warning at the reduction that set it off; each
  /// stop after the last reduction before it.
  func describeTrace(origin: String) -> SessionTrace {
    var placement = ReductionPlacement(isVirtual: manualClock != nil)
    var reductions: [SessionTrace.Span] = []
    var slices: [Int: SessionTrace.Span] = [:]
    let history = history
    var states = history.stateCursor
    for entry in history.entries {
      let record = describer.record(of: entry)
      let (start, duration) = placement.place(time: record.time, reduceDuration: record.reduceDuration)
      let changed: [StatePath]
      if let recorded = record.changedPaths {
        changed = recorded
      } else {
        let (before, after) = states.states(around: record.index)
        changed = StateDiff(from: before, to: after).changedPaths
      }
      var arguments: [String: SessionTrace.Argument] = [
        "index": .integer(record.index), "action": .text(record.action), "origin": .text(record.origin.description),
        "depth": .integer(record.context.depth), "changed": .texts(changed.map(\.description)),
        "reduceNanoseconds": .integer(Self.nanoseconds(record.reduceDuration)),
        "timeNanoseconds": .integer(Self.nanoseconds(record.time)),
      ]
      if record.isSkipped { arguments["skipped"] = .flag(true) }
      let span = SessionTrace.Span(name: record.caseName, start: start, duration: duration, arguments: arguments)
      reductions.append(span)
      slices[record.index] = span
    }
    let spans = jobSpans
    var end = placement.end
    for span in spans {
      end = max(end, TraceTime.microsecondsRoundingUp(span.ended ?? span.launched))
    }
    let stops = session.keptStops
    for stop in stops { end = max(end, TraceTime.microsecondsRoundingUp(stop.time)) }
    return SessionTrace(
      feature: featureName, origin: origin, isVirtualClock: manualClock != nil, reductions: reductions,
      jobs: spans.map { job($0, slices: slices, traceEnd: end) },
      instants: cycleInstants(slices: slices) + stops.map { stopInstant($0, slices: slices) })
  }

  /// A job's span: from its launch, once the reduction that launched it ended, to its end
  /// (`traceEnd` while it runs), a microsecond at least.
  private func job(_ span: JobSpan, slices: [Int: SessionTrace.Span], traceEnd: Int) -> SessionTrace.Job {
    let parent = span.parentIndex.flatMap { slices[$0] }
    let start = max(TraceTime.microseconds(span.launched), parent.map { $0.start + $0.duration } ?? 0)
    let end = max(span.ended.map(TraceTime.microsecondsRoundingUp) ?? traceEnd, start + 1)
    var arguments: [String: SessionTrace.Argument] = [
      "job": .integer(Int(truncatingIfNeeded: span.id.rawValue)), "kind": .text(span.kind.rawValue),
      "outcome": .text(span.outcome.name), "launchedNanoseconds": .integer(Self.nanoseconds(span.launched)),
    ]
    if let reason = span.outcome.reason { arguments["reason"] = .text(reason) }
    if let parent = span.parentIndex { arguments["parent"] = .integer(parent) }
    if let ended = span.ended { arguments["endedNanoseconds"] = .integer(Self.nanoseconds(ended)) }
    return SessionTrace.Job(
      span: .init(name: span.name, start: start, duration: end - start, arguments: arguments),
      kind: span.kind.rawValue, launchedBy: parent)
  }

  /// Each distinct cycle, at the start of the reduction that set it off when that is kept.
  private func cycleInstants(slices: [Int: SessionTrace.Span]) -> [SessionTrace.Instant] {
    session.keptCycleReports.map { report in
      let warning = report.warning
      let index = history.index(ofSequence: warning.context.sequence)
      let time = index.flatMap { slices[$0]?.start } ?? TraceTime.microseconds(report.firstSeen)
      var arguments: [String: SessionTrace.Argument] = [
        "warning": .text(warning.description), "cycle": .texts(warning.cycle), "policy": .text(warning.policy.rawValue),
        "path": .text(report.path), "count": .integer(report.count),
        "firstSeenNanoseconds": .integer(Self.nanoseconds(report.firstSeen)),
        "lastSeenNanoseconds": .integer(Self.nanoseconds(report.lastSeen)),
      ]
      if let index { arguments["index"] = .integer(index) }
      return SessionTrace.Instant(
        name: "cycle \(warning.cycleDescription)", kind: .cycle, time: max(time, 0), arguments: arguments)
    }
  }

  /// A stop, after the last reduction before it.
  private func stopInstant(_ stop: StopLog.Stop, slices: [Int: SessionTrace.Span]) -> SessionTrace.Instant {
    let after = slices[stop.lastIndex].map { $0.start + $0.duration } ?? 0
    return SessionTrace.Instant(
      name: stop.title, kind: .stop, time: max(TraceTime.microseconds(stop.time), after),
      arguments: ["afterIndex": .integer(stop.lastIndex), "timeNanoseconds": .integer(Self.nanoseconds(stop.time))])
  }

  /// `time` in whole nanoseconds, for arguments.
  private static func nanoseconds(_ time: Duration) -> Int {
    Int(History<State, Action>.PackedEntry.nanoseconds(time))
  }
}
