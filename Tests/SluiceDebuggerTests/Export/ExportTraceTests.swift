import ExampleRegistry
import Foundation
import JSONCheck
import SluiceDebugger
import Testing
import SluiceReporting

/// `export trace FILE`: a session in the Trace Event Format. The trace of a session of every
/// example feature validates against `Schemas/trace-event-format.schema.json`, written from
/// the format's specification, and its slices, flows and instants hold together.
@MainActor
@Suite struct ExportTraceTests {
  nonisolated static let schemaFile = packageRoot.appendingPathComponent("Schemas/trace-event-format.schema.json")

  /// A session of each registered example feature, with the jobs it is known for.
  nonisolated static let sessions: [String: String] = [
    "counter": ".increment\n.increment\n.decrement",
    "todos": ".load\nadvance 500ms\n.add(title: \"Milk\")\n.toggle(id: 1)",
    // The first debounce is cancelled by the second keystroke.
    "search": ".queryChanged(\"a\")\nadvance 100ms\n.queryChanged(\"ad\")\nadvance 300ms\nadvance 200ms",
    // Validation, analytics and payment are middleware jobs.
    "checkout": ".addItem((id: \"tea\", name: \"Tea\", priceInCents: 450, quantity: 2))\n.checkout\nadvance 2s",
    // The feedback loop pauses at its cycle warning.
    "temperature": "set cycle policy pause\n.setCelsius(100)\nwait",
    "temperature-fixed": ".setCelsius(100)\nwait",
    "profile": ".appeared\nadvance 300ms\n.binding(.set(\\.draftName, \"Ada\"))\nadvance 2s\nadvance 300ms",
    "stopwatch": ".start\nadvance 3s\n.stop\nwait",
    // A hop every 10 ms trips the detector (one case more than 20 times in a second); it
    // only warns, and the loop goes on until `.stop`.
    "pingpong": "set cycle policy warn\n.ping\nadvance 1s\n.stop\nadvance 50ms",
    // A synchronous loop: the detector pauses it.
    "echo": "set cycle policy pause\n.ping",
    "weather": ".cityChanged(\"Oslo\")\n.fetch\nadvance 400ms",
    "journal": ".write(\"Rain\")\n.write(\"Sun\")\nadvance 1s",
  ]

  /// Runs `lines` on `feature`, exports the trace and returns it parsed.
  private func trace(of feature: String, _ lines: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> JSONTree
  {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("\(feature).trace.json").path
    let harness = ScriptRunnerHarness(virtualClock: true)
    let status = await harness.run("use \(feature)\n\(lines)\nexport trace \(path)\n")
    #expect(status == .success, "\(harness.output.text)", sourceLocation: sourceLocation)
    #expect(
      harness.output.standardOutput.contains { $0.hasPrefix("exported ") && $0.contains(" as a trace to \(path)") },
      sourceLocation: sourceLocation)
    return try JSONTree(parsing: try String(contentsOfFile: path, encoding: .utf8))
  }

  @Test func everyExampleFeatureHasASessionHere() {
    #expect(Set(exampleFeatures.features.map(\.name)) == Set(Self.sessions.keys))
  }

  @Test(arguments: exampleFeatures.features.map(\.name))
  func theTraceOfASessionValidatesAgainstTheFormatsSchema(_ feature: String) async throws {
    let lines = try #require(Self.sessions[feature], "no session for \(feature)")
    let trace = try await trace(of: feature, lines)
    let schema = try JSONSchemaCheck(contentsOf: Self.schemaFile)
    #expect(schema.problems(of: trace) == [])
    #expect(trace["displayTimeUnit"] == .string("ms"))
    #expect(trace["otherData"]?["feature"] == .string(feature))
    let events = TraceEvents(trace)
    #expect(!events.slices(category: "reduction").isEmpty)
    #expect(try events.problems() == [])
  }

  @Test func pingpongsTraceHasItsCycleWarning() async throws {
    let events = TraceEvents(try await trace(of: "pingpong", try #require(Self.sessions["pingpong"])))
    let cycles = events.all.filter { $0["ph"] == .string("i") && $0["cat"] == .string("cycle") }
    #expect(cycles.map { $0["name"]?.text } == ["cycle .ping → .pong → .ping"])
    #expect(cycles.first?["s"] == .string("t"))
    #expect(try events.problems() == [])
  }

  @Test func searchsTraceHasItsCancelledDebounceJoinedToItsKeystroke() async throws {
    let events = TraceEvents(try await trace(of: "search", try #require(Self.sessions["search"])))
    let jobs = events.slices(category: "job")
    let cancelled = jobs.filter { $0["args"]?["outcome"] == .string("cancelled") }
    #expect(cancelled.count == 1)
    #expect(cancelled.first?["args"]?["parent"] == .integer(1))
    let keystroke = try #require(events.slices(category: "reduction").first)
    let keystrokeEnd = try #require(TraceEvents.integer(keystroke["ts"])) + (try #require(TraceEvents.integer(keystroke["dur"])))
    #expect(cancelled.first?["ts"] == .integer(keystrokeEnd), "launched once the first keystroke's reduction ended")
    #expect(jobs.contains { $0["name"] == .string("search") && $0["args"]?["outcome"] == .string("finished") })
  }

  @Test func checkoutsTraceHasItsMiddlewareJobsOnLanesOfTheirOwn() async throws {
    let events = TraceEvents(try await trace(of: "checkout", try #require(Self.sessions["checkout"])))
    let middleware = events.slices(category: "job").filter { $0["args"]?["kind"] == .string("middleware") }
    #expect(middleware.count >= 3)
    #expect(!middleware.contains { $0["tid"] == .integer(1) }, "jobs are not on the store's track")
    let names = events.all.filter { $0["ph"] == .string("M") && $0["name"] == .string("thread_name") }
      .compactMap { $0["args"]?["name"]?.text }
    #expect(names.first == "store")
    #expect(names.contains { $0.hasPrefix("middleware '") })
  }

  @Test func reductionsAtOneVirtualInstantAreLaidEndToEnd() async throws {
    let events = TraceEvents(try await trace(of: "counter", ".increment\n.increment\n.increment"))
    let reductions = events.slices(category: "reduction")
    let starts = reductions.compactMap { TraceEvents.integer($0["ts"]) }
    #expect(starts.count == 3)
    #expect(starts.first == 0)
    // Each starts where the one before ended: one virtual instant, three slices in a row.
    for (before, after) in zip(reductions, reductions.dropFirst()) {
      let end = try #require(TraceEvents.integer(before["ts"])) + (try #require(TraceEvents.integer(before["dur"])))
      #expect(TraceEvents.integer(after["ts"]) == end)
    }
    #expect(reductions.map { $0["args"]?["index"] } == [.integer(1), .integer(2), .integer(3)])
    #expect(reductions.map { $0["args"]?["changed"] } == Array(repeating: .array([.string("count")]), count: 3))
  }

  @Test func aBreakpointStopIsAnInstantAfterTheReductionBeforeIt() async throws {
    let events = TraceEvents(
      try await trace(of: "counter", "break decrement\n.increment\n.decrement\ndelete\ncontinue"))
    let stops = events.all.filter { $0["cat"] == .string("stop") }
    #expect(stops.map { $0["name"]?.text } == ["breakpoint 1 before .decrement"])
    let increment = try #require(events.slices(category: "reduction").first)
    let end = try #require(TraceEvents.integer(increment["ts"])) + (try #require(TraceEvents.integer(increment["dur"])))
    #expect(stops.first?["ts"] == .integer(end))
    #expect(stops.first?["ph"] == .string("i"))
  }

  @Test func textIsEscapedAsJSONAndReadsBackTheSame() throws {
    let awkward = "a \"quoted\" \\ back\nslash\t\u{1} é →"
    let trace = ExportedTrace(
      SessionTrace(
        feature: "counter", origin: awkward, isVirtualClock: true,
        reductions: [
          .init(
            name: awkward, start: 0, duration: 1,
            arguments: ["action": .text(awkward), "changed": .texts([awkward]), "skipped": .flag(true)])
        ],
        jobs: [], instants: []))
    let parsed = try JSONTree(parsing: String(decoding: trace.json(), as: UTF8.self))
    let event = try #require(TraceEvents(parsed).all.first { $0["cat"] == .string("reduction") })
    #expect(event["name"] == .string(awkward))
    #expect(event["args"]?["action"] == .string(awkward))
    #expect(event["args"]?["changed"] == .array([.string(awkward)]))
    #expect(event["args"]?["skipped"] == .boolean(true))
    #expect(parsed["otherData"]?["origin"] == .string(awkward))
    #expect(try JSONSchemaCheck(contentsOf: Self.schemaFile).problems(of: parsed) == [])
  }

  @Test func theCheckFindsPartialOverlapsAndLooseFlows() throws {
    let bad = try JSONTree(
      parsing: """
        {"traceEvents":[
        {"name":"a","cat":"reduction","ph":"X","ts":0,"dur":10,"pid":1,"tid":1,"args":{"index":1}},
        {"name":"b","cat":"reduction","ph":"X","ts":5,"dur":10,"pid":1,"tid":1,"args":{"index":2}},
        {"name":"launch","cat":"launch","ph":"s","ts":20,"pid":1,"tid":1,"id":1},
        {"name":"launch","cat":"launch","ph":"f","bp":"e","ts":3,"pid":1,"tid":2,"id":1}
        ]}
        """)
    let problems = try TraceEvents(bad).problems()
    #expect(problems.contains("b (1/1 at 5) overlaps a (1/1 at 0) partially"))
    #expect(problems.contains("flow 1 starts at 20 on 1/1, where no slice is"))
    #expect(problems.contains("flow 1 ends at 3 on 1/2, where no slice is"))
  }
}

/// A trace's events, and the checks on how its slices, flows and jobs hold together.
struct TraceEvents {
  let all: [JSONTree]

  init(_ trace: JSONTree) {
    if case .array(let events)? = trace["traceEvents"] { all = events } else { all = [] }
  }

  /// The complete events of a category, in the trace's order.
  func slices(category: String) -> [JSONTree] {
    all.filter { $0["ph"] == .string("X") && $0["cat"] == .string(category) }
  }

  private struct Slice {
    let event: JSONTree
    let name: String
    let track: String
    let start: Int
    let end: Int
  }

  static func integer(_ value: JSONTree?) -> Int? {
    if case .integer(let number)? = value { number } else { nil }
  }

  /// What does not hold: slices of one track that overlap without nesting, flows whose
  /// start or end binds to no slice, flows without both ends, and jobs whose flow does not
  /// start at the reduction of their parent entry.
  func problems() throws -> [String] {
    var problems: [String] = []
    var tracks: [String: [Slice]] = [:]
    for event in all where event["ph"] == .string("X") {
      let track = "\(Self.integer(event["pid"]) ?? -1)/\(Self.integer(event["tid"]) ?? -1)"
      let start = try #require(Self.integer(event["ts"]))
      let duration = try #require(Self.integer(event["dur"]))
      if duration <= 0 { problems.append("\(event["name"]?.text ?? "?") lasts \(duration)") }
      tracks[track, default: []].append(
        Slice(event: event, name: event["name"]?.text ?? "?", track: track, start: start, end: start + duration))
    }
    for (track, slices) in tracks {
      let sorted = slices.sorted { ($0.start, -$0.end) < ($1.start, -$1.end) }
      // Slices that contain the current one, innermost last.
      var open: [Slice] = []
      for slice in sorted {
        while let last = open.last, last.end <= slice.start { open.removeLast() }
        if let last = open.last, slice.end > last.end {
          problems.append("\(slice.name) (\(track) at \(slice.start)) overlaps \(last.name) (\(track) at \(last.start)) partially")
        }
        open.append(slice)
      }
    }
    /// The innermost slice of `track` that encloses `time`.
    func slice(on track: String, at time: Int) -> Slice? {
      tracks[track, default: []].filter { $0.start <= time && time < $0.end }.min { $0.end - $0.start < $1.end - $1.start }
    }
    var flowStarts: [Int: Slice] = [:]
    var flowEnds: [Int: Slice] = [:]
    for event in all where event["ph"] == .string("s") || event["ph"] == .string("f") {
      let isStart = event["ph"] == .string("s")
      let id = try #require(Self.integer(event["id"]))
      let track = "\(Self.integer(event["pid"]) ?? -1)/\(Self.integer(event["tid"]) ?? -1)"
      let time = try #require(Self.integer(event["ts"]))
      if !isStart, event["bp"] != .string("e") { problems.append("flow \(id) ends without binding to its enclosing slice") }
      guard let bound = slice(on: track, at: time) else {
        problems.append("flow \(id) \(isStart ? "starts" : "ends") at \(time) on \(track), where no slice is")
        continue
      }
      if isStart { flowStarts[id] = bound } else { flowEnds[id] = bound }
    }
    for id in Set(flowStarts.keys).symmetricDifference(flowEnds.keys) {
      problems.append("flow \(id) has \(flowStarts[id] == nil ? "no start" : "no end")")
    }
    // Every job with a parent entry in the trace is the end of a flow from that entry's reduction.
    let reductionTracks = Set(tracks.values.joined().filter { $0.event["cat"] == .string("reduction") }.map(\.track))
    for job in tracks.values.joined() where job.event["cat"] == .string("job") {
      guard let parent = Self.integer(job.event["args"]?["parent"]) else { continue }
      let reduction = tracks.values.joined().first {
        $0.event["cat"] == .string("reduction") && Self.integer($0.event["args"]?["index"]) == parent
      }
      guard let reduction else { continue }
      let flow = flowEnds.first { $0.value.track == job.track && $0.value.start == job.start && $0.value.name == job.name }
      guard let flow, let start = flowStarts[flow.key] else {
        problems.append("job \(job.name) at \(job.start) has no flow from entry \(parent)")
        continue
      }
      if start.start != reduction.start || !reductionTracks.contains(start.track) {
        problems.append("job \(job.name)'s flow starts at \(start.name), not at entry \(parent)")
      }
    }
    return problems
  }
}
