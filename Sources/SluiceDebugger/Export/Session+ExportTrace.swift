import Sluice

extension Session {
  /// The process every track of a trace belongs to, and the store's thread in it.
  private static var sessionProcess: Int { 1 }
  private static var storeThread: Int { 1 }

  /// The session as a trace in the Trace Event Format (``ExportedTrace``), with `origin`
  /// saying where it came from.
  ///
  /// - The session is one process, named for the feature; the store is its first thread.
  /// - Each kept history entry is a complete event on the store's track, named for its
  ///   action's case, with the action, its origin, depth, index, the reducer's time and the
  ///   paths it changed as arguments. The slices never overlap (``ReductionPlacement``): on a
  ///   virtual clock, the reductions of one instant are laid end to end from it, in history
  ///   order, each as long as its reducer took, at least a microsecond.
  /// - Each job is a complete event from its launch to its end (the end of the trace while
  ///   it runs) on a lane of its own (``JobLanes``), starting no earlier than the end of
  ///   the reduction that launched it, which a flow arrow joins it to.
  /// - Each distinct cycle warning is an instant event at the reduction that set it off, and
  ///   each stop (a breakpoint, a watchpoint, a cycle pause, `pause`, a step) one after the
  ///   last reduction before it, both on the store's track.
  @usableFromInline func exportTrace(origin: String) -> ExportedTrace {
    let process = Self.sessionProcess
    let store = Self.storeThread
    var events: [TraceEvent] = [
      TraceEvent(
        name: "process_name", phase: .metadata, timestamp: 0, processID: process, threadID: store,
        arguments: ["name": .text("sluice \(featureName)")]),
      TraceEvent(
        name: "thread_name", phase: .metadata, timestamp: 0, processID: process, threadID: store,
        arguments: ["name": .text("store")]),
      TraceEvent(
        name: "thread_sort_index", phase: .metadata, timestamp: 0, processID: process, threadID: store,
        arguments: ["sort_index": .integer(0)]),
    ]
    var placement = ReductionPlacement(isVirtual: manualClock != nil)
    var slices: [Int: (start: Int, end: Int)] = [:]
    let history = history
    var states = history.stateCursor
    for entry in history.entries {
      let record = describer.record(of: entry)
      let (start, duration) = placement.place(time: record.time, reduceDuration: record.reduceDuration)
      slices[record.index] = (start, start + duration)
      let changed: [StatePath]
      if let recorded = record.changedPaths {
        changed = recorded
      } else {
        let (before, after) = states.states(around: record.index)
        changed = StateDiff(from: before, to: after).changedPaths
      }
      var arguments: [String: TraceEvent.Argument] = [
        "index": .integer(record.index), "action": .text(record.action), "origin": .text(record.origin.description),
        "depth": .integer(record.context.depth), "changed": .texts(changed.map(\.description)),
        "reduceNanoseconds": .integer(Self.nanoseconds(record.reduceDuration)),
        "timeNanoseconds": .integer(Self.nanoseconds(record.time)),
      ]
      if record.isSkipped { arguments["skipped"] = .flag(true) }
      events.append(
        TraceEvent(
          name: record.caseName, category: "reduction", phase: .complete, timestamp: start, duration: duration,
          processID: process, threadID: store, arguments: arguments))
    }
    let spans = jobSpans
    var end = placement.end
    for span in spans {
      end = max(end, TraceTime.microsecondsRoundingUp(span.ended ?? span.launched))
    }
    let stops = keptStops
    for stop in stops { end = max(end, TraceTime.microsecondsRoundingUp(stop.time)) }
    events += jobEvents(spans, slices: slices, traceEnd: end)
    events += cycleEvents(slices: slices)
    events += stopEvents(stops, slices: slices)
    return ExportedTrace(
      events: events,
      otherData: [
        "feature": featureName, "origin": origin, "clock": manualClock == nil ? "real" : "virtual",
        "exportedBy": "sluice export trace",
      ],
      reductionCount: slices.count, jobCount: spans.count)
  }

  /// The jobs' lanes, slices and flow arrows, with the lanes' names.
  private func jobEvents(_ spans: [JobSpan], slices: [Int: (start: Int, end: Int)], traceEnd: Int) -> [TraceEvent] {
    let process = Self.sessionProcess
    // Each job starts once the reduction that launched it ended, and lasts a microsecond at least.
    let placed = spans.enumerated().map { offset, span in
      let parent = span.parentIndex.flatMap { slices[$0] }
      let start = max(TraceTime.microseconds(span.launched), parent?.end ?? 0)
      let end = max(span.ended.map(TraceTime.microsecondsRoundingUp) ?? traceEnd, start + 1)
      return (flow: offset + 1, span: span, parent: parent, start: start, end: end)
    }.sorted { ($0.start, $0.flow) < ($1.start, $1.flow) }
    var lanes = JobLanes()
    var events: [TraceEvent] = []
    for job in placed {
      let span = job.span
      let thread = Self.storeThread + 1 + lanes.place("\(span.kind.rawValue) '\(span.name)'", from: job.start, to: job.end)
      var arguments: [String: TraceEvent.Argument] = [
        "job": .integer(Int(truncatingIfNeeded: span.id.rawValue)), "kind": .text(span.kind.rawValue),
        "outcome": .text(span.outcome.name), "launchedNanoseconds": .integer(Self.nanoseconds(span.launched)),
      ]
      if let reason = span.outcome.reason { arguments["reason"] = .text(reason) }
      if let parent = span.parentIndex { arguments["parent"] = .integer(parent) }
      if let ended = span.ended { arguments["endedNanoseconds"] = .integer(Self.nanoseconds(ended)) }
      events.append(
        TraceEvent(
          name: span.name, category: "job", phase: .complete, timestamp: job.start, duration: job.end - job.start,
          processID: process, threadID: thread, arguments: arguments))
      guard let parent = job.parent else { continue }
      events.append(
        TraceEvent(
          name: "launch", category: "launch", phase: .flowStart, timestamp: parent.start, processID: process,
          threadID: Self.storeThread, flowID: job.flow))
      events.append(
        TraceEvent(
          name: "launch", category: "launch", phase: .flowEnd, timestamp: job.start, processID: process,
          threadID: thread, flowID: job.flow, bindsToEnclosingSlice: true))
    }
    var names: [TraceEvent] = []
    for (position, lane) in lanes.lanes.enumerated() {
      let thread = Self.storeThread + 1 + position
      names.append(
        TraceEvent(
          name: "thread_name", phase: .metadata, timestamp: 0, processID: process, threadID: thread,
          arguments: ["name": .text(lane.number == 1 ? lane.title : "\(lane.title) (\(lane.number))")]))
      names.append(
        TraceEvent(
          name: "thread_sort_index", phase: .metadata, timestamp: 0, processID: process, threadID: thread,
          arguments: ["sort_index": .integer(position + 1)]))
    }
    return names + events
  }

  /// Each distinct cycle, at the start of the reduction that set it off when that is kept.
  private func cycleEvents(slices: [Int: (start: Int, end: Int)]) -> [TraceEvent] {
    keptCycleReports.map { report in
      let warning = report.warning
      let index = history.index(ofSequence: warning.context.sequence)
      let time = index.flatMap { slices[$0]?.start } ?? TraceTime.microseconds(report.firstSeen)
      var arguments: [String: TraceEvent.Argument] = [
        "warning": .text(warning.description), "cycle": .texts(warning.cycle), "policy": .text(warning.policy.rawValue),
        "path": .text(report.path), "count": .integer(report.count),
        "firstSeenNanoseconds": .integer(Self.nanoseconds(report.firstSeen)),
        "lastSeenNanoseconds": .integer(Self.nanoseconds(report.lastSeen)),
      ]
      if let index { arguments["index"] = .integer(index) }
      return TraceEvent(
        name: "cycle \(warning.cycleDescription)", category: "cycle", phase: .instant, timestamp: max(time, 0),
        processID: Self.sessionProcess, threadID: Self.storeThread, scope: .thread, arguments: arguments)
    }
  }

  /// Each stop, after the last reduction before it.
  private func stopEvents(_ stops: [StopLog.Stop], slices: [Int: (start: Int, end: Int)]) -> [TraceEvent] {
    stops.map { stop in
      let after = slices[stop.lastIndex]?.end ?? 0
      return TraceEvent(
        name: stop.title, category: "stop", phase: .instant,
        timestamp: max(TraceTime.microseconds(stop.time), after), processID: Self.sessionProcess,
        threadID: Self.storeThread, scope: .thread,
        arguments: ["afterIndex": .integer(stop.lastIndex), "timeNanoseconds": .integer(Self.nanoseconds(stop.time))])
    }
  }

  /// `time` in whole nanoseconds, for arguments.
  private static func nanoseconds(_ time: Duration) -> Int {
    Int(History<State, Action>.PackedEntry.nanoseconds(time))
  }
}
