import Foundation
import SluiceDebugger
import SluiceFiles

/// A session as a trace in the Trace Event Format's JSON object form (`export trace FILE`,
/// `sluice export-trace`), which Perfetto (ui.perfetto.dev) and `chrome://tracing` open:
/// `{"traceEvents":[…],"displayTimeUnit":"ms","otherData":{…}}`.
///
/// Its tracks: one process for the session, a thread for the store with each reduction a
/// complete event, and a lane of threads for the jobs (`JobLanes`), each job a complete
/// event joined to the reduction that launched it by a flow arrow; cycle warnings and stops
/// are instant events on the store's track.
public struct ExportedTrace: Sendable, Equatable {
  /// The process every track belongs to, and the store's thread in it.
  private static let process = 1
  private static let storeThread = 1

  /// The events, metadata first, then in the order of their tracks.
  package let events: [TraceEvent]
  /// What the trace is of: the feature, where the session came from, its clock.
  public let otherData: [String: String]
  /// How many reductions it shows.
  public let reductionCount: Int
  /// How many jobs it shows.
  public let jobCount: Int

  /// `trace` laid out in the format's events.
  public init(_ trace: SessionTrace) {
    let (process, store) = (Self.process, Self.storeThread)
    var events: [TraceEvent] = [
      TraceEvent(
        name: "process_name", phase: .metadata, timestamp: 0, processID: process, threadID: store,
        arguments: ["name": .text("sluice \(trace.feature)")]),
      TraceEvent(
        name: "thread_name", phase: .metadata, timestamp: 0, processID: process, threadID: store,
        arguments: ["name": .text("store")]),
      TraceEvent(
        name: "thread_sort_index", phase: .metadata, timestamp: 0, processID: process, threadID: store,
        arguments: ["sort_index": .integer(0)]),
    ]
    events.reserveCapacity(trace.reductions.count + 3 * trace.jobs.count + trace.instants.count + 3)
    for reduction in trace.reductions {
      events.append(
        TraceEvent(
          name: reduction.name, category: "reduction", phase: .complete, timestamp: reduction.start,
          duration: reduction.duration, processID: process, threadID: store, arguments: reduction.arguments))
    }
    events += Self.jobEvents(trace.jobs)
    for instant in trace.instants {
      events.append(
        TraceEvent(
          name: instant.name, category: instant.kind.rawValue, phase: .instant, timestamp: instant.time,
          processID: process, threadID: store, scope: .thread, arguments: instant.arguments))
    }
    self.events = events
    otherData = [
      "feature": trace.feature, "origin": trace.origin, "clock": trace.isVirtualClock ? "virtual" : "real",
      "exportedBy": "sluice export trace",
    ]
    (reductionCount, jobCount) = (trace.reductions.count, trace.jobs.count)
  }

  /// The jobs' lanes, slices and flow arrows, with the lanes' names first.
  private static func jobEvents(_ jobs: [SessionTrace.Job]) -> [TraceEvent] {
    // Lanes are filled in the order jobs start; a job's flow arrow is numbered by launch.
    let placed = jobs.enumerated().map { (flow: $0.offset + 1, job: $0.element) }
      .sorted { ($0.job.span.start, $0.flow) < ($1.job.span.start, $1.flow) }
    var lanes = JobLanes()
    var events: [TraceEvent] = []
    for (flow, job) in placed {
      let span = job.span
      let thread =
        storeThread + 1 + lanes.place("\(job.kind) '\(span.name)'", from: span.start, to: span.start + span.duration)
      events.append(
        TraceEvent(
          name: span.name, category: "job", phase: .complete, timestamp: span.start, duration: span.duration,
          processID: process, threadID: thread, arguments: span.arguments))
      guard let parent = job.launchedBy else { continue }
      events.append(
        TraceEvent(
          name: "launch", category: "launch", phase: .flowStart, timestamp: parent.start, processID: process,
          threadID: storeThread, flowID: flow))
      events.append(
        TraceEvent(
          name: "launch", category: "launch", phase: .flowEnd, timestamp: span.start, processID: process,
          threadID: thread, flowID: flow, bindsToEnclosingSlice: true))
    }
    var names: [TraceEvent] = []
    for (position, lane) in lanes.lanes.enumerated() {
      let thread = storeThread + 1 + position
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

  /// The trace as the JSON a viewer opens, written as the protocol's events are
  /// (`JSONValue`): the events' keys in a fixed order, their arguments sorted, so that a
  /// session always gives the same text.
  public func json() -> Data {
    var bytes = Array(#"{"traceEvents":["#.utf8)
    for (offset, event) in events.enumerated() {
      if offset > 0 { bytes.append(UInt8(ascii: ",")) }
      event.json.write(to: &bytes)
    }
    bytes.append(contentsOf: #"],"displayTimeUnit":"ms","otherData":"#.utf8)
    JSONValue.object(otherData.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }).write(to: &bytes)
    bytes.append(UInt8(ascii: "}"))
    return Data(bytes)
  }

  /// Writes the trace to `path` atomically, as `save` writes a session.
  package func write(to path: String) throws(DebugError) {
    try AtomicFile.save(Array(json()), to: path, replacing: .anyRegularFile)
  }

  /// What `export trace` and `sluice export-trace` say they wrote.
  package func summary(path: String) -> String {
    func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    let what = "\(counted(reductionCount, "reduction")) and \(counted(jobCount, "job"))"
    return "exported \(what) as a trace to \(path) (open it in ui.perfetto.dev or chrome://tracing)"
  }
}

extension TraceEvent {
  /// The event as the format's JSON object; the keys it does not have are left out.
  var json: JSONValue {
    var members: [(String, JSONValue)] = [("name", .string(name))]
    members.reserveCapacity(11)
    if let category { members.append(("cat", .string(category))) }
    members.append(("ph", .string(phase.rawValue)))
    members.append(("ts", .integer(timestamp)))
    if let duration { members.append(("dur", .integer(duration))) }
    members.append(("pid", .integer(processID)))
    members.append(("tid", .integer(threadID)))
    if let flowID { members.append(("id", .integer(flowID))) }
    if bindsToEnclosingSlice { members.append(("bp", .string("e"))) }
    if let scope { members.append(("s", .string(scope.rawValue))) }
    if let arguments {
      members.append(("args", .object(arguments.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) })))
    }
    return .object(members)
  }
}

extension SessionTrace.Argument {
  /// The bare value.
  var json: JSONValue {
    switch self {
    case .text(let text): .string(text)
    case .integer(let number): .integer(number)
    case .flag(let flag): .boolean(flag)
    case .texts(let texts): .array(texts.map(JSONValue.string))
    }
  }
}
