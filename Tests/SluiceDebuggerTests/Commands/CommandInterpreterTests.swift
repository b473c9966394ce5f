import Foundation
import SluiceDebugger
import Testing

@MainActor
@Suite("Interpreter: sending and inspecting")
struct InterpreterInspectionTests {
  @Test func theFirstFeatureIsUsedUnlessTold() async throws {
    let harness = try InterpreterHarness()
    let outcome = try await harness.run(".increment")
    let records = reducedRecords(outcome.events)
    #expect(records.map(\.action) == [".increment"])
    #expect(records.first?.origin == .script)
    #expect(harness.interpreter.debugger.current?.featureName == "counter")
  }

  @Test func sendingReportsTheReductionAndItsDiff() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    let outcome = try await harness.run(#"send .add(title: "Milk")"#)
    guard case .reduced(let record, let diff, _)? = outcome.events.first else {
      Issue.record("no reduced event in \(outcome.events)")
      return
    }
    #expect(record.index == 1)
    #expect(record.action == #".add(title: "Milk")"#)
    #expect(diff?.changedPaths.map(\.description) == ["todos[0]"])
    #expect(try await harness.value("todos[0].title") == #""Milk""#)
  }

  @Test func anActionTheFeatureDoesNotHaveIsAnError() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    let error = try await harness.error(".incremnt")
    #expect(error.message.contains("unknown case '.incremnt'"))
    let badPayload = try await harness.error(#".setStep("three")"#)
    #expect(!badPayload.message.isEmpty)
  }

  @Test func statePrintsTheWholeStateOrOnePath() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    guard case .value(nil, let tree) = try await harness.result("state") else {
      Issue.record("state gave no value")
      return
    }
    #expect(tree.compactDescription == "State(count: 0, step: 1)" || tree.compactDescription.contains("count: 0, step: 1"))
    let error = try await harness.error("print cuont")
    #expect(error.message.contains("no property 'cuont'"))
  }

  @Test func diffsOfTheLastActionAndBetweenEntries() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    let none = try await harness.error("diff")
    #expect(none.message == "no action has been reduced yet")
    try await harness.result(".increment")
    try await harness.result(".setStep(4)")
    try await harness.result(".increment")
    guard case .diff(let title, let last) = try await harness.result("diff") else {
      Issue.record("diff gave no diff")
      return
    }
    #expect(title == "#3 .increment")
    #expect(last.changedPaths.map(\.description) == ["count"])
    guard case .diff(_, let between) = try await harness.result("diff 1 3") else { return }
    #expect(between.changedPaths.map(\.description) == ["count", "step"])
    guard case .diff(let toNow, let empty) = try await harness.result("diff 3") else { return }
    #expect(toNow == "#3 → now")
    #expect(empty.isEmpty)
    let missing = try await harness.error("diff 1 9")
    #expect(missing.message.contains("no history entry 9"))
  }

  @Test func logQueries() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    try await harness.result(#".add(title: "Milk")"#)
    try await harness.result(#".add(title: "Tea")"#)
    try await harness.result(".toggle(id: 2)")
    try await harness.result(".setFilter(.active)")
    guard case .history(let all, _, _) = try await harness.result("log") else { return }
    #expect(all.map(\.index) == [1, 2, 3, 4])
    guard case .history(let last, _, _) = try await harness.result("log 2") else { return }
    #expect(last.map(\.index) == [3, 4])
    guard case .history(let adds, _, _) = try await harness.result("log case add") else { return }
    #expect(adds.map(\.index) == [1, 2])
    guard case .history(let changers, _, _) = try await harness.result("log changed todos[1].isDone") else { return }
    #expect(changers.map(\.index) == [2, 3])
    guard case .entry(let record, let diff) = try await harness.result("show 3") else { return }
    #expect(record.action == ".toggle(id: 2)")
    #expect(diff.changedPaths.map(\.description) == ["todos[1].isDone"])
  }

  @Test func settingTheDiffDisplay() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result("set diff summary")
    let summary = try await harness.run(".increment")
    guard case .reduced(let record, let diff, _)? = summary.events.first else { return }
    #expect(diff == nil)
    #expect(record.changedPaths?.map(\.description) == ["count"])
    try await harness.result("set diff off")
    let off = try await harness.run(".increment")
    guard case .reduced(let quiet, nil, _)? = off.events.first else { return }
    #expect(quiet.changedPaths == nil)
    guard case .settings(let settings) = try await harness.result("info settings") else { return }
    #expect(settings.diffDisplay == .off)
    #expect(settings.usesVirtualClock)
    #expect(settings.feature == "counter")
  }

  @Test func featuresAndSwitching() async throws {
    let harness = try InterpreterHarness()
    try await harness.result(".increment")
    guard case .switched(let name, let summary) = try await harness.result("use todos") else { return }
    #expect(name == "todos")
    #expect(summary.contains("todo list"))
    guard case .features(let rows) = try await harness.result("features") else { return }
    #expect(rows.map(\.name) == ["counter", "todos", "search", "checkout", "temperature", "temperature-fixed", "profile", "stopwatch", "pingpong", "echo", "weather", "journal"])
    #expect(rows.filter(\.isCurrent).map(\.name) == ["todos"])
    #expect(rows.filter(\.isLoaded).map(\.name) == ["counter", "todos"])
    try await harness.result("use counter")
    #expect(try await harness.value("count") == "1")
    let unknown = try await harness.error("use todo")
    #expect(unknown.message.contains("did you mean 'todos'?"))
  }

  @Test func helpSourceAndQuitAreValues() async throws {
    let harness = try InterpreterHarness()
    guard case .help(.overview(let table)) = try await harness.result("help") else {
      Issue.record("help did not list the commands")
      return
    }
    #expect(table == .standard)
    guard case .help(.command(let one, let example)) = try await harness.result("help bt") else {
      Issue.record("help bt did not describe backtrace")
      return
    }
    #expect(one.name == "backtrace")
    #expect(example == "bt")
    guard case .host(.source(let path)) = try await harness.result("source x.sluice") else {
      Issue.record("source did not ask for the file")
      return
    }
    #expect(path == "x.sluice")
    guard case .host(.quit) = try await harness.result("quit") else {
      Issue.record("quit did not ask to stop")
      return
    }
  }
}

@MainActor
@Suite("Interpreter: expectations")
struct InterpreterExpectationTests {
  @Test func conditionsHoldOrSayWhatWasFound() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result(".increment")
    let held = try await harness.expectation("expect count == 1")
    #expect(held.passed)
    let failed = try await harness.expectation("expect count > 1")
    #expect(!failed.passed)
    #expect(failed.expression == "count > 1")
    #expect(failed.expected == "> 1")
    #expect(failed.actual == "1")
  }

  @Test func aPathThatLeadsNowhereFailsWithTheReason() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    let outcome = try await harness.expectation(#"expect todos[3].title == "Milk""#)
    #expect(!outcome.passed)
    #expect(outcome.actual.contains("out of range"))
  }

  @Test func structuredValuesFailWithALineDiff() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    try await harness.result(#".add(title: "Milk")"#)
    let outcome = try await harness.expectation(#"expect todos[0] == (id: 1, title: "Mlik", isDone: false)"#)
    #expect(!outcome.passed)
    #expect(outcome.diff.filter { $0.kind == .removed }.map(\.text) == [#"  title: "Mlik","#])
    #expect(outcome.diff.filter { $0.kind == .inserted }.map(\.text) == [#"  title: "Milk","#])
    #expect(outcome.diff.first?.text == "Todo(")
  }

  @Test func changedLooksAtTheLastAction() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    let early = try await harness.expectation("expect count changed")
    #expect(!early.passed)
    #expect(early.actual == "no action has been reduced yet")
    try await harness.result(".setStep(3)")
    #expect(try await harness.expectation("expect step changed").passed)
    let unchanged = try await harness.expectation("expect count changed")
    #expect(!unchanged.passed)
    #expect(unchanged.actual == "unchanged: 0")
    #expect(unchanged.expected == "#1 .setStep(3) to change count")
  }
}

@MainActor
@Suite("Interpreter: breakpoints, stepping and time")
struct InterpreterRunningTests {
  @Test func managingBreakpoints() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    guard case .breakpointAdded(let first, _) = try await harness.result("break increment if count > 1") else { return }
    #expect(first.id == 1)
    try await harness.result("tbreak reset")
    try await harness.result("watch step")
    try await harness.result("disable 1")
    try await harness.result("ignore 3 2")
    guard case .breakpoints(let list) = try await harness.result("info breakpoints") else { return }
    #expect(list.map(\.id) == [1, 2, 3])
    #expect(list[0].isEnabled == false)
    #expect(list[1].isOneShot)
    #expect(list[2].ignoreCount == 2)
    try await harness.result("delete 2")
    let missing = try await harness.error("enable 2")
    #expect(missing.message == "no breakpoint 2")
    guard case .message(let lines) = try await harness.result("delete") else { return }
    #expect(lines == ["deleted breakpoints 1, 3"])
    guard case .breakpoints(let none) = try await harness.result("info breakpoints") else { return }
    #expect(none.isEmpty)
  }

  @Test func steppingThroughTheCheckoutMiddleware() async throws {
    let harness = try InterpreterHarness(feature: "checkout")
    try await harness.result(#".addItem((id: "tea", name: "Tea", priceInCents: 450, quantity: 1))"#)
    try await harness.result("wait")
    try await harness.result("break checkout")
    let stop = try await harness.run(".checkout")
    #expect(stopReasons(stop.events) == [.breakpoint(id: 1, action: ".checkout")])
    let reduced = try await harness.run("step")
    #expect(reducedRecords(reduced.events).map(\.action) == [".checkout"])
    guard case .jobs(let rows) = try await harness.result("jobs") else { return }
    #expect(rows.map(\.job.name) == ["validation", "analytics", "payment"])
    #expect(rows.allSatisfy { $0.isHeld && $0.parentIndex == 2 })
    var ran: [String] = []
    var sent: [[String]] = []
    for _ in 0..<3 {
      guard case .stepped(let reports) = try await harness.result("step"),
        case .ranJob(let job, let actions)? = reports.first
      else { return }
      ran.append(job.name)
      sent.append(actions)
    }
    #expect(ran == ["validation", "analytics", "payment"])
    #expect(sent == [[".validated"], [], []])
    guard case .backtrace(let backtrace) = try await harness.result("bt") else { return }
    #expect(backtrace.frames.map(\.action) == [".validated", ".checkout"])
    guard case .stepped(let rest) = try await harness.result("next") else { return }
    #expect(rest.count > 3)
    #expect(try await harness.value("status") == #".paid(receiptID: "receipt-1")"#)
    guard case .continued(let outcome) = try await harness.result("continue") else { return }
    #expect(outcome == .idle)
    let notPaused = try await harness.error("continue")
    #expect(notPaused.message.contains("not paused"))
  }

  @Test func sendingWhilePausedSaysTheActionIsQueued() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result("pause")
    guard case .message(let lines) = try await harness.result(".increment") else { return }
    #expect(lines == ["queued: the store is paused (step or continue)"])
    #expect(try await harness.value("count") == "0")
    guard case .message(let again) = try await harness.result("pause") else { return }
    #expect(again == ["already paused"])
    try await harness.result("continue")
    #expect(try await harness.value("count") == "1")
  }

  @Test func waitingAndAdvancingVirtualTime() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    try await harness.result(".load")
    guard case .waited(let outcome, _) = try await harness.result("wait") else { return }
    #expect(outcome == .waitingForTime(jobs: ["load todos"]))
    let early = try await harness.run("advance 499ms")
    #expect(reducedRecords(early.events).isEmpty)
    let done = try await harness.run("advance 1ms")
    #expect(reducedRecords(done.events).map(\.caseName) == ["loadResponse"])
    guard case .advanced(let requested, let start, let now) = try done.result.get() else { return }
    #expect(requested == .milliseconds(1))
    #expect(start == .milliseconds(499))
    #expect(now == .milliseconds(500))
    guard case .waited(.idle, _) = try await harness.result("wait") else {
      Issue.record("not idle after the load")
      return
    }
  }

  @Test func advancingNeedsVirtualTime() async throws {
    let harness = try InterpreterHarness(feature: "counter", virtualClock: false)
    let error = try await harness.error("advance 1s")
    #expect(error.message == "advance needs virtual time (this session runs on the real clock)")
  }

  @Test func aCycleBreakpointPausesTheLoop() async throws {
    let harness = try InterpreterHarness(feature: "pingpong")
    try await harness.result("set diff off")
    try await harness.result("break cycle")
    try await harness.result(".ping")
    let run = try await harness.run("advance 1s")
    #expect(run.events.contains { if case .cycleDetected = $0 { true } else { false } })
    guard case .stopped(.cycle(let warning))? = run.events.last else {
      Issue.record("the loop did not stop at the cycle: \(run.events.suffix(2))")
      return
    }
    #expect(warning.cycleDescription == ".ping → .pong → .ping")
    guard case .advanced(_, _, let now) = try run.result.get() else { return }
    #expect(now < .seconds(1))
    guard case .cycles(let warnings) = try await harness.result("info cycles") else { return }
    #expect(warnings.count == 1)
  }

  @Test func timeTravel() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for _ in 0..<3 { try await harness.result(".increment") }
    let jump = try await harness.run("jump 1")
    #expect(jump.events.contains { if case .stateReplaced = $0 { true } else { false } })
    #expect(try await harness.value("count") == "1")
    try await harness.result("jump 3")
    guard case .toggled(2, true) = try await harness.result("toggle 2") else {
      Issue.record("toggle did not skip #2")
      return
    }
    #expect(try await harness.value("count") == "2")
    try await harness.result("commit")
    try await harness.result(".increment")
    try await harness.result("reset")
    #expect(try await harness.value("count") == "2")
    let error = try await harness.error("jump 7")
    #expect(error.message.contains("no history entry 7"))
  }

  @Test func savingAndLoading() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-interpreter-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("counter.json").path
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result(".setStep(2)")
    try await harness.result(".increment")
    guard case .saved(path) = try await harness.result("save \(path)") else { return }
    try await harness.result("reset")
    guard case .loaded(_, let report) = try await harness.result("load \(path)") else { return }
    #expect(report.replayedCount == 2)
    #expect(report.divergence == nil)
    #expect(try await harness.value("count") == "2")
    let missing = try await harness.error("load \(folder.path)/missing.json")
    #expect(missing.message.contains("missing.json"))
  }
}

@MainActor
@Suite("Interpreter: lines and other stops")
struct InterpreterLineTests {
  @Test func executingLines() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    #expect(await harness.interpreter.execute(line: "   # nothing") == nil)
    let outcome = try #require(await harness.interpreter.execute(line: "  frob"))
    guard case .failure(let error) = outcome.result else {
      Issue.record("frob ran")
      return
    }
    #expect(error.column == 3)
    let sent = try #require(await harness.interpreter.execute(line: ".increment"))
    #expect(reducedRecords(sent.events).count == 1)
  }

  @Test func aJobBreakpointHoldsTheJob() async throws {
    let harness = try InterpreterHarness(feature: "checkout")
    try await harness.result(#".addItem((id: "tea", name: "Tea", priceInCents: 450, quantity: 1))"#)
    try await harness.result("wait")
    try await harness.result("break job pay*")
    let checkout = try await harness.run(".checkout")
    guard case .job(1, let job)? = stopReasons(checkout.events).first else {
      Issue.record("no job stop in \(checkout.events)")
      return
    }
    guard case .waited(.paused, _) = try await harness.result("wait") else {
      Issue.record("not paused at the job breakpoint")
      return
    }
    // The first payment run is the one for `.checkout`, before validation answered.
    #expect(job.name == "payment")
    #expect(job.parent.sequence == 2)
    #expect(try await harness.value("status") == ".validating")
    try await harness.result("delete")
    guard case .continued(let outcome) = try await harness.result("continue") else { return }
    #expect(outcome == .waitingForTime(jobs: ["payment"]))
    #expect(try await harness.value("status") == ".processingPayment")
    try await harness.result("advance 1s")
    #expect(try await harness.value("status") == #".paid(receiptID: "receipt-1")"#)
  }

  @Test func aWatchpointStopsAfterTheChange() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    try await harness.result(#".add(title: "Milk")"#)
    try await harness.result("watch todos[0].isDone")
    try await harness.result(".setFilter(.active)")
    let toggled = try await harness.run(".toggle(id: 1)")
    #expect(
      stopReasons(toggled.events) == [
        .watchpoint(id: 1, path: try StatePath(parsing: "todos[0].isDone"), old: "false", new: "true", index: 3)
      ])
  }
}
