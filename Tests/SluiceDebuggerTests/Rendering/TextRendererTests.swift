import Foundation
import Sluice
import SluiceDebugger
import SluiceReporting
import Testing

@Suite("Text renderer")
struct TextRendererTests {
  let renderer = TextRenderer()
  typealias Fixtures = RenderingFixtures

  @Test func aReducedActionIsItsHeadlineThenItsDiff() {
    let lines = renderer.lines(for: .reduced(Fixtures.record(), diff: Fixtures.countDiff))
    #expect(lines.first == #"#3 .add(title: "Milk")  ← user"#)
    #expect(lines.contains("−   count: 1,"))
    #expect(lines.contains("+   count: 2,"))
    #expect(lines.count == 1 + Fixtures.countDiff.lines().count)
  }

  @Test func summaryOffAndNoChanges() throws {
    let paths = [try StatePath(parsing: "todos[0].isDone"), try StatePath(parsing: "filter")]
    let summary = renderer.lines(for: .reduced(Fixtures.record(changedPaths: paths), diff: nil, shown: .summary))
    #expect(summary == [#"#3 .add(title: "Milk")  ← user"#, "  changed: todos[0].isDone, filter"])
    let off = renderer.lines(for: .reduced(Fixtures.record(), diff: nil, shown: .off))
    #expect(off == [#"#3 .add(title: "Milk")  ← user"#])
    // A diff the event carries for programs is shown only as the display says.
    let carried = renderer.lines(for: .reduced(Fixtures.record(changedPaths: paths), diff: Fixtures.countDiff, shown: .off))
    #expect(carried == [#"#3 .add(title: "Milk")  ← user"#])
    let summarised = renderer.lines(for: .reduced(Fixtures.record(), diff: Fixtures.countDiff, shown: .summary))
    #expect(summarised == [#"#3 .add(title: "Milk")  ← user"#, "  changed: count"])
    // The same from the protocol's event, as an attached shell receives it.
    for shown in [DiffDisplay.off, .summary, .full] {
      let event = JSONEventWriter().event(for: .reduced(Fixtures.record(), diff: Fixtures.countDiff, shown: shown))
      let decoded = try JSONDecoder().decode(ProtocolEvent.self, from: Data(event.line.utf8))
      #expect(
        renderer.typedLines(for: decoded)
          == renderer.typedLines(for: .reduced(Fixtures.record(), diff: Fixtures.countDiff, shown: shown)), "\(shown)")
    }
    let nothing = renderer.lines(for: .reduced(Fixtures.record(), diff: StateDiff(from: 1, to: 1)))
    #expect(nothing.last == "  (no changes)")
    let fromJob = renderer.headline(of: Fixtures.record(origin: .job(kind: "middleware", name: "validation"), isSkipped: true))
    #expect(fromJob == #"#3 .add(title: "Milk")  ← middleware 'validation'  (skipped)"#)
  }

  @Test func jobSpansAreOneLineEach() {
    let spans = [
      JobSpan(
        id: JobID(3), name: "search", kind: .effect, parentIndex: 3, launched: .milliseconds(400),
        ended: .milliseconds(600), outcome: .finished),
      JobSpan(
        id: JobID(1), name: "debounce", kind: .timer, parentIndex: nil, launched: .zero, ended: .milliseconds(100),
        outcome: .cancelled(reason: "cancelled by `cancel 1`")),
      JobSpan(id: JobID(4), name: "ticks", kind: .subscription, parentIndex: nil, launched: .seconds(1), ended: nil, outcome: .running),
    ]
    #expect(
      renderer.lines(for: .jobSpans(spans, window: WindowPosition(offset: 0, total: 3))) == [
        "effect 'search' (job #3) for #3: 400ms to 600ms (200ms), finished",
        "timer 'debounce' (job #1): 0s to 100ms (100ms), cancelled: cancelled by `cancel 1`",
        "subscription 'ticks' (job #4): from 1s, running",
      ])
    #expect(renderer.lines(for: .jobSpans([], window: WindowPosition(offset: 0, total: 0))) == ["no job was launched"])
    // A window that leaves spans out says which part it is.
    #expect(
      renderer.lines(for: .jobSpans(Array(spans.prefix(1)), window: WindowPosition(offset: 2, total: 5))).last
        == "job 3 of 5")
    #expect(
      renderer.lines(for: .jobSpans(Array(spans.prefix(2)), window: WindowPosition(offset: 0, total: 5))).last
        == "jobs 1–2 of 5")
    #expect(
      renderer.lines(for: .jobSpans([], window: WindowPosition(offset: 5, total: 5))) == ["none of the 5 jobs is in this window"])
  }

  @Test func anAttachedShellShowsAWindowOfMatchesAsALocalOne() throws {
    let result = CommandResult.history([Fixtures.record()], window: WindowPosition(offset: 40, total: 120))
    let line = try #require(JSONEventWriter().line(for: result, command: "log case add from 50 1", at: nil))
    let event = try JSONDecoder().decode(ProtocolEvent.self, from: Data(line.utf8))
    #expect(renderer.typedLines(for: event) == renderer.typedLines(for: result))
    #expect(renderer.typedLines(for: result).map(\.kind) == [.headline, .plain])
  }

  @Test func linesTravelWithTheirKindsAndAClientColoursByThem() throws {
    let writer = JSONEventWriter()
    let result = CommandResult.entry(Fixtures.record(), Fixtures.countDiff)
    let line = try #require(writer.line(for: result, command: "show 3", at: nil))
    let event = try JSONDecoder().decode(ProtocolEvent.self, from: Data(line.utf8))
    guard case .entry(let answer) = event.payload else { Issue.record("not an entry: \(line)"); return }
    #expect(answer.kinds == renderer.typedLines(for: result).map(\.kind))
    #expect(renderer.typedLines(for: event) == renderer.typedLines(for: result))
    let reduced = writer.event(for: .reduced(Fixtures.record(), diff: Fixtures.countDiff))
    let decoded = try JSONDecoder().decode(ProtocolEvent.self, from: Data(reduced.line.utf8))
    #expect(renderer.typedLines(for: decoded) == renderer.typedLines(for: .reduced(Fixtures.record(), diff: Fixtures.countDiff)))
  }

  @Test func aClientTakesKindsFromTheWireNeverFromTheText() throws {
    // A diff-looking line the engine called plain stays plain, and a line whose kind is
    // left out (an older writer) or unknown (a later one) is plain too.
    let entry = """
      {"event":"entry","version":1,"command":"show","entry":{"index":1,"action":".add","case":"add","origin":"user",\
      "depth":0,"timeNanoseconds":0,"durationNanoseconds":0,"skipped":false,"readLiveOnReplay":false},"changes":[],\
      "lines":["#1 .add  ← user","+ not a diff","− nor this","+ count: 1"],\
      "kinds":["headline","plain","plain","inserted"]}
      """
    let shown = try JSONDecoder().decode(ProtocolEvent.self, from: Data(entry.utf8))
    #expect(renderer.typedLines(for: shown).map(\.kind) == [.headline, .plain, .plain, .inserted])
    let later = #"{"event":"output","version":1,"command":"x","lines":["+ a","b"],"kinds":["sparkle","warning"]}"#
    let event = try JSONDecoder().decode(ProtocolEvent.self, from: Data(later.utf8))
    #expect(renderer.typedLines(for: event) == [RenderedLine(.plain, "+ a"), RenderedLine(.warning, "b")])
    let older = #"{"event":"output","version":1,"command":"x","lines":["+ a"]}"#
    let plain = try JSONDecoder().decode(ProtocolEvent.self, from: Data(older.utf8))
    #expect(renderer.typedLines(for: plain) == [RenderedLine(.plain, "+ a")])
  }

  @Test func aWindowOfMatchesSaysWhereItLiesAndAWholeListingAsBefore() {
    let record = Fixtures.record()
    let whole = renderer.lines(for: .history([record], window: WindowPosition(offset: 0, total: 1)))
    #expect(whole == renderer.lines(for: .history([record])))
    let part = renderer.lines(for: .history([record], window: WindowPosition(offset: 40, total: 120)))
    #expect(part == [renderer.historyLine(record), "match 41 of 120"])
    #expect(renderer.lines(for: .history([], window: WindowPosition(offset: 0, total: 7))) == ["none of the 7 matches is in this window"])
  }

  @Test func stops() throws {
    #expect(renderer.stopLine(.breakpoint(id: 1, action: ".checkout")) == "⏸ stopped at breakpoint 1 before .checkout")
    #expect(
      renderer.stopLine(.watchpoint(id: 2, path: try StatePath(parsing: "step"), old: "1", new: "2", index: 4))
        == "⏸ stopped at watchpoint 2 after #4: step changed from 1 to 2")
    #expect(
      renderer.stopLine(.cycle(Fixtures.warning()))
        == "⏸ stopped by the cycle detector before .ping (.ping → .pong → .ping)")
    #expect(
      renderer.stopLine(.job(id: 3, job: Fixtures.job()))
        == "⏸ stopped at breakpoint 3 before middleware 'payment' (job #7) starts")
    #expect(renderer.stopLine(.requested) == "⏸ paused")
  }

  @Test func cyclesDropsAndFailures() {
    #expect(
      renderer.lines(for: .cycleDetected(Fixtures.report(policy: .warn)))
        == [
          "⚠ cycle detected: .ping reduced 21 times within 1s: .ping → .pong → .ping (policy: warn)",
          "  .ping →(effect)→ .pong →(effect)→ .ping",
        ])
    #expect(
      renderer.lines(for: .cycleRepeated(Fixtures.report(count: 1_024)))
        == ["⚠ cycle .ping → .pong → .ping seen 1,024 times"])
    #expect(
      renderer.lines(for: .dropped(action: ".pong", reason: .jobCancelled(JobID(4))))
        == ["✗ dropped .pong: the job that sent it (#4) was cancelled"])
    #expect(
      renderer.lines(for: .jobFailed(Fixtures.job("load", status: .failed("Offline"))))
        == ["✗ middleware 'load' (job #7) failed: Offline"])
  }

  @Test func jobsAreATable() {
    let lines = renderer.lines(
      for: .jobs([
        JobRow(job: Fixtures.job("validation"), isHeld: true, parentIndex: 3),
        JobRow(job: Fixtures.job("analytics", status: .running), isHeld: false, parentIndex: nil),
      ]))
    #expect(
      lines == [
        "JOB  KIND        NAME        STATUS          FOR",
        "#7   middleware  validation  pending (held)  #3",
        "#7   middleware  analytics   running         -",
      ])
    #expect(renderer.lines(for: .jobs([])) == ["no jobs"])
  }

  @Test func valuesWithAPathNameIt() {
    let tree = ValueTree(reflecting: 3)
    #expect(renderer.lines(for: .value(path: "count", tree)) == ["count = 3"])
    let whole = ValueTree(reflecting: RenderingFixtures.Counter(count: 1, step: 2))
    #expect(renderer.lines(for: .value(path: nil, whole)) == whole.lines())
  }

  @Test func failedExpectationsSayWhereWhatAndWhy() {
    let outcome = ExpectationOutcome(
      expression: "count == 3", passed: false, expected: "3", actual: "2",
      diff: [StateDiff.Line(kind: .removed, text: "3"), StateDiff.Line(kind: .inserted, text: "2")])
    #expect(
      renderer.lines(for: outcome, at: ScriptLocation(file: "a.sluice", line: 4)) == [
        "✗ a.sluice:4: expectation failed: count == 3",
        "    expected: 3",
        "    actual:   2",
        "    expected (−) against actual (+):",
        "    − 3",
        "    + 2",
      ])
    let passed = ExpectationOutcome(expression: "count == 2", passed: true, expected: "2", actual: "2")
    #expect(renderer.lines(for: passed, at: nil) == ["✓ expect count == 2"])
  }

  @Test func errorsPointAtTheirColumn() {
    let lines = renderer.lines(
      forError: "unknown command 'sned'", at: ScriptLocation(file: "a.sluice", line: 2, column: 3),
      sourceLine: "\tsned .x")
    #expect(lines == ["a.sluice:2:3: error: unknown command 'sned'", "    \tsned .x", "    \t ^"])
    #expect(renderer.lines(forError: "no features", at: nil, sourceLine: nil) == ["error: no features"])
  }

  /// The renderer says what each line is; the shell colours by that, never by the text.
  @Test func linesCarryTheirKinds() {
    let reduced = renderer.typedLines(for: .reduced(Fixtures.record(origin: .script), diff: Fixtures.countDiff))
    #expect(reduced.first?.kind == .headline)
    #expect(reduced.contains(RenderedLine(.removed, "−   count: 1,")))
    #expect(reduced.contains(RenderedLine(.inserted, "+   count: 2,")))
    #expect(reduced.map(\.text) == renderer.lines(for: .reduced(Fixtures.record(origin: .script), diff: Fixtures.countDiff)))
    #expect(renderer.typedLines(for: .stopped(.requested)).map(\.kind) == [.stop])
    #expect(renderer.typedLines(for: .cycleRepeated(Fixtures.report(count: 3))).map(\.kind) == [.warning])
    let failed = ExpectationOutcome(expression: "count == 3", passed: false, expected: "3", actual: "2")
    #expect(renderer.typedLines(for: failed, at: nil).first?.kind == .failure)
    let held = ExpectationOutcome(expression: "count == 2", passed: true, expected: "2", actual: "2")
    #expect(renderer.typedLines(for: .expectation(held)).map(\.kind) == [.success])
    #expect(renderer.typedLines(for: .message(["+ a value, not a diff"])).map(\.kind) == [.plain])
  }

  @Test func helpForOneCommandAndForAll() throws {
    let word = try CommandTable.standard.resolve("bt")
    #expect(
      renderer.lines(for: .help(.command(word, example: "bt")))
        == [
          "usage: backtrace [N]", "the causal chain of the current action (only the innermost N frames when given)",
          "aliases: bt", "example: bt",
          "topic: Running and stepping",
        ])
    let all = renderer.lines(for: .help(.overview(.standard)))
    #expect(all.contains { $0.hasPrefix("  expect ") && $0.hasSuffix("or that the last action changed PATH") })
    #expect(all.count > CommandTable.standard.words.count)
  }

  @Test func waitsAndTime() {
    #expect(renderer.lines(for: .waited(.idle, timeout: .seconds(5))) == ["idle"])
    #expect(
      renderer.lines(for: .waited(.timedOut(jobs: ["search"]), timeout: .seconds(5)))
        == ["still running after 5s: search"])
    #expect(
      renderer.lines(for: .waited(.waitingForTime(jobs: ["load todos"]), timeout: .seconds(5)))
        == ["every job waits for virtual time (load todos): advance to move on"])
    #expect(
      renderer.lines(for: .advanced(requested: .seconds(1), from: .zero, now: .milliseconds(400)))
        == ["advanced 400ms of 1s, stopping where the store paused; virtual time is now 400ms"])
    #expect(
      renderer.lines(for: .advanced(requested: .milliseconds(300), from: .seconds(1), now: .milliseconds(1300)))
        == ["advanced 300ms; virtual time is now 1.3s"])
  }
}
