import Foundation
import JSONCheck
import Sluice
@testable import SluiceDebugger
import SluiceReporting
import Testing

/// `--json` is a contract: every line a run writes conforms to the schema in the repository
/// and decodes as a ``ProtocolEvent`` that encodes back to the same line, and the schema
/// describes no event the writer never writes.
@MainActor
@Suite("JSON event schema", .serialized)
struct EventSchemaTests {
  typealias Fixtures = RenderingFixtures
  nonisolated static let schemaFile = packageRoot.appendingPathComponent("Schemas/sluice-events.schema.json")

  private func check(_ lines: [String], _ schema: JSONSchemaCheck, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> Set<String>
  {
    var names: Set<String> = []
    for line in lines {
      let value = try JSONTree(parsing: line)
      #expect(schema.problems(of: value) == [], "\(line)", sourceLocation: sourceLocation)
      #expect(value["version"] == .integer(JSONEventWriter.protocolVersion), sourceLocation: sourceLocation)
      if let name = value["event"]?.text { names.insert(name) }
      // The line is what the Codable types say, key for key: read back, written the same.
      let event = try JSONDecoder().decode(ProtocolEvent.self, from: Data(line.utf8))
      #expect(event.line == line, sourceLocation: sourceLocation)
    }
    return names
  }

  /// One result of every kind that has a typed answer, with a command that gives it.
  static func typedAnswers() throws -> [(CommandResult, String)] {
    let record = Fixtures.record(origin: .user)
    let frame = BacktraceFrame(action: ".ping", caseName: "ping", context: Fixtures.context(), index: 2, origin: .user)
    let breakpoints = [
      Breakpoint(id: 1, kind: .action(pattern: "add", condition: try StateCondition(parsing: "count == 3"))),
      Breakpoint(id: 2, kind: .watch(path: try StatePath(parsing: "count"))), Breakpoint(id: 3, kind: .cycle),
      Breakpoint(id: 4, kind: .job(pattern: "search"), isOneShot: true, ignoreCount: 2),
    ]
    let settings = SettingsSnapshot(
      feature: "counter", types: "Counter.State, Counter.Action", status: .idle, diffDisplay: .full,
      usesVirtualClock: true, elapsedTime: .seconds(1), waitLimit: .seconds(5))
    let divergence = LoadReport.Divergence(
      index: 3, earliestIndex: 2, action: ".increment", entryDiff: Fixtures.countDiff, finalStateDiff: Fixtures.countDiff)
    return [
      (.help(.overview(.standard)), "help"),
      (.help(.command(CommandTable.standard.words[0], example: "step")), "help"),
      (.history([record]), "log"),
      (.history([record], window: WindowPosition(offset: 4, total: 9)), "log"), (.entry(record, Fixtures.countDiff), "show"),
      (.diff(title: "#1 → #2", Fixtures.countDiff), "diff"),
      (.found(text: "1", index: 2, [StateMatch(path: try StatePath(parsing: "count"), value: "1")]), "find"),
      (.breakpointAdded(breakpoints[0]), "break"), (.breakpoints(breakpoints), "info"),
      (.jobs([JobRow(job: Fixtures.job(), isHeld: true, parentIndex: 1)]), "info"),
      (
        .jobSpans([
          JobSpan(
            id: JobID(3), name: "search", kind: .effect, parentIndex: 12, launched: .milliseconds(300),
            ended: .milliseconds(500), outcome: .cancelled(reason: "cancelled by `cancel 3`")),
          JobSpan(
            id: JobID(4), name: "ticks", kind: .subscription, parentIndex: nil, launched: .zero, ended: nil,
            outcome: .running),
        ], window: WindowPosition(offset: 1, total: 3)), "jobs"
      ),
      (.features([FeatureRow(name: "counter", summary: "A number", isCurrent: true, isLoaded: true)]), "info"),
      (.cycles([Fixtures.report()]), "info"), (.settings(settings), "info"),
      (.backtrace(Backtrace(frames: [frame], elidedCount: 2, root: frame)), "backtrace"),
      (.frame(number: 1, frame), "frame"),
      (
        .displayed([
          DisplayedValue(number: 1, path: "count", value: .success(.scalar(typeName: "Int", text: "2"))),
          DisplayedValue(number: 2, path: "nosuch", value: .failure(DebugError("no property nosuch"))),
        ]), "display"
      ),
      (.toggled(index: 2, isSkipped: true), "toggle"), (.saved(path: "a.json"), "save"),
      (.loaded(path: "a.json", LoadReport(replayedCount: 3, typesChanged: false, divergence: divergence)), "load"),
      (.switched(feature: "counter", summary: "A number"), "use"),
      (
        .answer(
          SessionCapabilities(
            feature: "counter",
            capabilities: [
              .init(name: "virtual time", available: true, note: "advance moves the clock"),
              .init(name: "stepping", available: false, note: "pause first"),
            ])), "info"
      ),
      (
        .answer(
          ValueCause(
            path: "count", at: 3, value: "3", source: .entry,
            change: .init(
              index: 3, action: ".increment", caseName: "increment", origin: "user", isEdit: false, old: "1", new: "3",
              chain: [.init(index: 3, action: ".increment", origin: "user"), .init(index: nil, action: ".load", origin: nil)],
              reads: [.init(name: "uuid", value: #""00000000-0000-0000-0000-000000000001""#)]))), "why"
      ),
      (.answer(ValueCause(path: "missing", at: 0, value: nil, source: .initialState, change: nil)), "why"),
      (
        .answer(
          PathHistory(
            path: "count",
            changes: [
              .init(index: 1, action: ".increment", caseName: "increment", origin: "user", old: "0", new: "1"),
              .init(index: 2, action: ".reset", caseName: "reset", origin: "user", old: "1", new: nil),
            ], offset: 3, total: 5)), "history"
      ),
      (
        .answer(
          Bisection(
            condition: "count > 3", holdsAtStart: false,
            first: .init(index: 4, action: ".increment", caseName: "increment", origin: "user", holds: true),
            isMonotone: false,
            transitions: [
              .init(index: 4, action: ".increment", caseName: "increment", origin: "user", holds: true),
              .init(index: 6, action: ".reset", caseName: "reset", origin: "user", holds: false),
            ], statesTested: 7, entriesSearched: 6)), "bisect"
      ),
      (
        .answer(
          LogPointTrace(
            breakpoint: 3, logPoint: "trace increment if count > 1 print count $action",
            past: [
              .init(index: 2, action: ".increment", caseName: "increment", values: [.init(path: "count", value: "2"), .init(path: "$action", value: ".increment")])
            ], notes: ["condition pending: todos[0] does not exist yet"])), "trace"
      ),
      (
        .answer(
          Shrinking(
            goal: "count >= 6", rootActions: 7,
            kept: [
              .init(index: 1, originalIndex: 1, action: ".increment", caseName: "increment", origin: "user"),
              .init(index: 2, originalIndex: 7, action: ".setStep(5)", caseName: "setStep", origin: "script"),
            ], entries: 2, replays: 15, budget: 1_000, stop: .minimal)), "shrink"
      ),
      (
        .answer(
          Bisection(
            condition: "count > 30", holdsAtStart: false, first: nil, isMonotone: true, transitions: [], statesTested: 1,
            entriesSearched: 6)), "bisect"
      ),
    ]
  }

  @Test(arguments: ExampleScriptTests.scripts)
  func everyExampleScriptsJSONConformsToTheSchema(_ name: String) async throws {
    let schema = try JSONSchemaCheck(contentsOf: Self.schemaFile)
    let harness = ScriptRunnerHarness(format: .json, virtualClock: true)
    _ = await harness.runner.run(files: [ExampleScriptTests.folder.appendingPathComponent(name).path])
    let lines = harness.output.lines.map(\.text)
    #expect(lines.count > 3)
    _ = try check(lines, schema)
  }

  @Test func everyEventTheWriterWritesIsInTheSchemaAndNoOther() async throws {
    let schema = try JSONSchemaCheck(contentsOf: Self.schemaFile)
    let writer = JSONEventWriter()
    let location = ScriptLocation(file: "a.sluice", line: 2, column: 5)
    let job = Fixtures.job(status: .failed("Offline"))
    var events: [DebugEvent] = [
      .reduced(Fixtures.record(origin: .script), diff: Fixtures.countDiff),
      .reduced(Fixtures.record(origin: .user), diff: nil),
      .stopped(.breakpoint(id: 1, action: ".checkout")), .stopped(.cycle(Fixtures.warning())),
      .stopped(.job(id: 2, job: job)), .stopped(.requested), .stopped(.step),
      .stopped(.watchpoint(id: 3, path: try StatePath(parsing: "count"), old: "1", new: "2", index: 4)),
      .cycleDetected(Fixtures.report()), .cycleRepeated(Fixtures.report(count: 40)),
      .dropped(action: ".ping", reason: .storeReleased), .jobFailed(job),
      .stateReplaced(reason: "load", diff: Fixtures.countDiff), .jobCancelled(job, reason: "reset"),
      .referenceInState(path: "cache", typeName: "Cache"),
      .replayDiverged(
        ReplayDivergence(
          command: "toggle", index: 2, action: ".load", paths: [try StatePath(parsing: "count")],
          diff: Fixtures.countDiff)),
    ]
    // Every kind of cause, each with its particulars.
    let causes: [ReplayDivergence.Cause] = [
      .changedReducer(savedFingerprint: "35c7f7d9f3b4f5a9", fingerprint: "0f1e2d3c4b5a6978"),
      .testOverride(keys: ["uuid"], closure: true),
      .uncontrolledRead(entry: 1, action: ".draw", readLive: ["token"], leftUnread: ["date"]),
      .referenceInState(path: "tally", typeName: "Tally"),
    ]
    events += try causes.map { cause in
      .replayDiverged(
        ReplayDivergence(
          command: "load", index: 2, action: ".load", paths: [try StatePath(parsing: "count")], diff: Fixtures.countDiff,
          cause: cause))
    }
    events += [
      .eventsDropped(count: 12), .forked(at: 2, dropped: 3...4),
      .timeAdvanced(from: .milliseconds(300), to: .milliseconds(1_350)),
      .traced(
        id: 2,
        TracedEntry(
          index: 5, action: ".increment", caseName: "increment",
          values: [.init(path: "count", value: "4"), .init(path: "todos[3]", value: nil, problem: "index 3 is out of range")])),
    ]
    var lines = events.map(writer.line(for:))
    lines.append(writer.line(forCommand: "print count", at: location))
    lines.append(
      writer.line(for: ExpectationOutcome(expression: "count == 3", passed: false, expected: "3", actual: "2"), at: location))
    lines.append(writer.line(forError: "unknown command", at: location))
    lines.append(writer.summaryLine(status: 1, expectations: 2, failed: 1))
    let results: [(CommandResult, String)] = [
      (.waited(.timedOut(jobs: ["search"]), timeout: .seconds(5)), "wait"),
      (.advanced(requested: .seconds(1), from: .zero, now: .milliseconds(500)), "advance"),
      (.stepped([.reduced(Fixtures.record(origin: .user)), .ranJob(job, sent: [".done"]), .stoppedAgain]), "step"),
      (.value(path: "count", .scalar(typeName: "Int", text: "2")), "print"),
      (.message(["committed"]), "commit"),
    ]
    lines += results.compactMap { writer.line(for: $0.0, command: $0.1, at: location) }
    lines += try Self.typedAnswers().compactMap { writer.line(for: $0.0, command: $0.1, at: nil) }
    var answering = writer
    answering.requestID = .integer(7)
    lines.append(answering.completionLine(cause: nil))
    lines.append(answering.completionLine(cause: .error))
    lines.append(answering.completionLine(cause: .failure))
    lines.append(ProtocolEvent(.hello(.init(program: "shop", pid: 4242, stores: ["cart"]))).line)
    lines.append(
      answering.line(for: Completions(stem: ".in", candidates: [Completion(".increment", display: ".increment")])))
    lines.append(ProtocolEvent(.status(.init(feature: "cart", status: .paused, travelled: (2, 4)))).line)
    lines.append(ProtocolEvent(.status(.init(feature: nil, status: nil))).line)
    lines.append(ProtocolEvent(.changed(.init(feature: "search"))).line)
    lines.append(ProtocolEvent(.changed(.init(feature: nil))).line)
    lines.append(ProtocolEvent(.report(.init(line: #"<testsuites name="sluice">"#, stream: .standardOutput))).line)
    lines.append(ProtocolEvent(.report(.init(line: "smoke.sluice:3:8: error: …", stream: .standardError))).line)

    let written = try check(lines, schema)
    #expect(written == schema.eventNames)
  }

  /// The envelopes an attached client's pages travel in, as the agent and the client write
  /// them (the agent's tests check they write exactly these), conform to their definitions
  /// and not to any event's; a hello says how many pages the agent answers.
  @Test func pageEnvelopesConformToTheirDefinitions() throws {
    let schema = try JSONSchemaCheck(contentsOf: Self.schemaFile)
    let requests = [
      #"{"page":3,"open":"http://127.0.0.1:8123/?token=ab"}"#, #"{"page":3,"line":"{\"id\":1,\"command\":\"log\"}"}"#,
      #"{"page":3,"close":true}"#,
    ]
    let replies = [#"{"page":3,"event":{"event":"changed","version":1,"feature":"counter"}}"#, #"{"page":9,"closed":true}"#]
    for line in requests {
      let value = try JSONTree(parsing: line)
      #expect(schema.problems(of: value, definition: "pageRequest") == [], "\(line)")
      #expect(schema.problems(of: value) != [], "\(line) is no event")
    }
    for line in replies {
      #expect(schema.problems(of: try JSONTree(parsing: line), definition: "pageReply") == [], "\(line)")
    }
    let hello = ProtocolEvent(.hello(.init(program: "shop", pid: 4242, stores: ["cart"], pages: 8))).line
    #expect(hello.hasSuffix(#","pages":8}"#))
    _ = try check([hello], schema)
  }

  @Test func commandRequestsAreAnsweredWithTheirIdsAndAFailureKeepsTheSession() async throws {
    let schema = try JSONSchemaCheck(contentsOf: Self.schemaFile)
    let harness = ScriptRunnerHarness(format: .json, virtualClock: true)
    let status = await harness.answer(
      """
      use counter
      {"id": 1, "command": ".increment"}
      {"id": "two", "command": "pritn count"}
      {"id": 3, "command": "print count"}
      {"increment": {}}
      """)
    #expect(status == .success)
    let values = try harness.output.lines.map { try JSONTree(parsing: $0.text) }
    _ = try check(harness.output.lines.map(\.text), schema)
    let answers = values.compactMap { value in value["id"].map { ($0, value["event"]?.text ?? "") } }
    #expect(answers.map(\.0) == [.integer(1), .integer(1), .integer(1), .string("two"), .string("two"), .integer(3), .integer(3), .integer(3)])
    #expect(answers.map(\.1) == ["command", "reduced", "completed", "error", "completed", "command", "value", "completed"])
    let failures = values.filter { $0["event"]?.text == "completed" }.map { $0["failed"] }
    #expect(failures == [.boolean(false), .boolean(true), .boolean(false)])
    // A JSON action is still an action, not a request; the session went on after the error.
    #expect(values.filter { $0["event"]?.text == "reduced" }.count == 2)
  }

  /// A client completes as Tab does, from the session that answers: the feature's own cases.
  @Test func completionRequestsAreAnsweredWithTheCandidatesTabOffers() async throws {
    let schema = try JSONSchemaCheck(contentsOf: Self.schemaFile)
    let harness = ScriptRunnerHarness(format: .json, virtualClock: true)
    let status = await harness.answer(
      """
      use counter
      {"id": "tab-1", "complete": ".inc"}
      {"id": 2, "complete": "print co"}
      {"id": 3, "complete": 12}
      {"id": 4, "command": "print count", "complete": "pr"}
      """)
    #expect(status == .success)
    _ = try check(harness.output.lines.map(\.text), schema)
    let events = try harness.output.lines.map { try JSONDecoder().decode(ProtocolEvent.self, from: Data($0.text.utf8)) }
    let answers = events.compactMap { event -> (RequestID, ProtocolEvent.CompletionList)? in
      guard case .completions(let list) = event.payload, let id = event.id else { return nil }
      return (id, list)
    }
    #expect(answers.map(\.0) == [.string("tab-1"), .integer(2)])
    #expect(answers.first?.1.stem == ".inc")
    #expect(answers.first?.1.candidates.map(\.text) == [".increment"])
    #expect(answers.last?.1.candidates.map(\.text) == ["count"])
    let errors = events.compactMap { event -> String? in
      guard case .error(let error) = event.payload else { return nil }
      return error.message
    }
    #expect(errors == [
      "bad request: its `complete` is 12, not a string",
      "bad request: it has both `command` and `complete`; a request asks one of them",
    ])
    let completed = events.filter { if case .completed = $0.payload { true } else { false } }
    #expect(completed.map(\.id) == [.string("tab-1"), .integer(2), .integer(3), .integer(4)])
  }

  /// "Adding keys keeps the version": a version 1 reader, by the published schema or by
  /// the `Codable` types, takes a line with a key it has never heard of.
  @Test func aKeyAddedLaterBreaksNoReaderOfTheSameVersion() throws {
    let line = JSONEventWriter().line(for: .reduced(Fixtures.record(origin: .script), diff: Fixtures.countDiff))
    let later = line.replacingOccurrences(of: #""version":1,"#, with: #""version":1,"addedLater":{"x":[1]},"#)
    #expect(later != line)
    let published = try JSONSchemaCheck(contentsOf: Self.schemaFile, strict: false)
    #expect(published.problems(of: try JSONTree(parsing: later)) == [])
    let decoded = try JSONDecoder().decode(ProtocolEvent.self, from: Data(later.utf8))
    #expect(decoded.line == line)
    // Our own check still catches a key we write without declaring it.
    let strict = try JSONSchemaCheck(contentsOf: Self.schemaFile)
    #expect(strict.problems(of: try JSONTree(parsing: later)) == ["$: has addedLater, which the schema does not describe"])
  }

  @Test func durationsAreIntegerNanosecondsAndDiffsAreStructured() throws {
    let line = JSONEventWriter().line(for: .reduced(Fixtures.record(origin: .script), diff: Fixtures.countDiff))
    let value = try JSONTree(parsing: line)
    guard case .integer? = value["timeNanoseconds"] else {
      Issue.record("no integer timeNanoseconds in \(line)")
      return
    }
    #expect(value["changes"] == .array([.object(["path": .string("count"), "old": .string("1"), "new": .string("2")])]))
    #expect(line.hasPrefix(#"{"event":"reduced","version":1,"#))
  }
}
