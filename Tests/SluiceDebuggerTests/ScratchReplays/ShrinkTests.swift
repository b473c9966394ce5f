import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// `shrink`: the fewest root actions whose replay, effects and timers running, still shows
/// the failure, on the example features; the result becomes the timeline, the original is
/// kept, and `export test` asserts the failure.
@MainActor
@Suite struct ShrinkTests {
  private func shrink(_ harness: InterpreterHarness, _ line: String) async throws -> Shrinking {
    guard case .answer(let answer) = try await harness.result(line), let shrinking = answer as? Shrinking else {
      throw DebugError("`\(line)` gave no shrink answer")
    }
    return shrinking
  }

  private func log(_ harness: InterpreterHarness) async throws -> [HistoryRecord] {
    guard case .history(let records, _, _) = try await harness.result("log from 0 100000") else { return [] }
    return records
  }

  /// The ISSUE's check: a seeded failing session of 200 actions shrinks to a sequence that
  /// still fails and from which no single action can be removed, each checked by sending the
  /// actions afresh to a new session (not by the shrinker's own replays).
  @Test(arguments: [5, 77, 1_234])
  func aFailingSessionOf200ActionsShrinksToAOneMinimalSequence(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let harness = try InterpreterHarness(feature: "counter")
    let choices = [".increment", ".increment", ".increment", ".decrement"] + (1...9).map { ".setStep(\($0))" }
    for _ in 0..<200 { try await harness.result(choices[random.next(below: choices.count)]) }
    let final = Int(try await harness.value("count")) ?? 0
    let condition = final > 0 ? "count >= \(final)" : "count <= \(final)"
    let answer = try await shrink(harness, "shrink \(condition)")
    #expect(answer.rootActions == 200)
    #expect(answer.stop == .minimal)
    #expect(answer.replays <= answer.budget)
    #expect(!answer.kept.isEmpty && answer.kept.count < 200)
    #expect(try await harness.expectation("expect \(condition)").passed)
    #expect(try await log(harness).map(\.action) == answer.kept.map(\.action))

    func holdsAfterSending(_ actions: [String]) async throws -> Bool {
      let fresh = try InterpreterHarness(feature: "counter")
      for action in actions { try await fresh.result(action) }
      return try await fresh.expectation("expect \(condition)").passed
    }
    let kept = answer.kept.map(\.action)
    #expect(try await holdsAfterSending(kept))
    for removed in kept.indices {
      var smaller = kept
      smaller.remove(at: removed)
      #expect(try await !holdsAfterSending(smaller), "seed \(seed): \(kept) without #\(removed) still fails")
    }
    // The original is kept.
    try await harness.result("original restore")
    #expect(try await log(harness).count == 200)
    #expect(try await harness.value("count") == String(final))
  }

  /// The search feature debounces a query for 300 ms, then a job answers 200 ms later: the
  /// results exist only if the replay runs the timer and the job, at the times recorded.
  @Test func effectsAndTimersRunInEachReplay() async throws {
    let harness = try InterpreterHarness(feature: "search")
    for line in [
      #".queryChanged("x")"#, "advance 1s", #".queryChanged("ada")"#, "advance 1s", #".queryChanged("b")"#,
      #".queryChanged("lin")"#, "advance 100ms", #".queryChanged("ada")"#, "advance 2s",
    ] {
      try await harness.result(line)
    }
    let answer = try await shrink(harness, #"shrink results == .loaded(["Ada Lovelace"])"#)
    #expect(answer.kept.map(\.action) == [#".queryChanged("ada")"#])
    #expect(answer.kept.map(\.originalIndex) == [9])
    #expect(answer.stop == .minimal)
    #expect(try await log(harness).map(\.action) == [#".queryChanged("ada")"#, ".search", #".searchResponse(["Ada Lovelace"])"#])
  }

  /// Journal's reducer reads an id, a date and a random mood: each action kept is fed what
  /// it read in the original, so the entries it writes are the same entries (a fresh session
  /// would number the ids from 0 and draw other moods).
  @Test func eachActionKeptIsFedWhatItRead() async throws {
    let harness = try InterpreterHarness(feature: "journal")
    for line in [#".write("a")"#, "advance 1s", #".write("b")"#, "advance 1s", #".write("c")"#] { try await harness.result(line) }
    let original = [try await harness.value("entries[1]"), try await harness.value("entries[2]")]
    // Skipped, `.write("a")` is not sent again: the two kept come first, and read ids 1 and 2.
    try await harness.result("toggle 1")
    let answer = try await shrink(harness, "shrink entries.count >= 2")
    #expect(answer.kept.map(\.action) == [#".write("b")"#, #".write("c")"#])
    #expect([try await harness.value("entries[0]"), try await harness.value("entries[1]")] == original)
    #expect(original[0].contains("00000000-0000-0000-0000-000000000001"), "\(original)")
  }

  @Test func withoutAConditionTheSessionsCycleIsKept() async throws {
    let harness = try InterpreterHarness(feature: "temperature")
    for line in ["set cycle policy break", ".setCelsius(20)", "wait", ".setCelsius(100)", "wait", ".setFahrenheit(50)", "wait"] {
      try await harness.result(line)
    }
    let answer = try await shrink(harness, "shrink")
    #expect(answer.goal == "cycle .setCelsius → .setFahrenheit → .setCelsius")
    #expect(answer.kept.count == 1)
    #expect(answer.stop == .minimal)
    let test = try harness.interpreter.debugger.current!.files.describeTest(registry: "ExampleRegistry.exampleFeatures", origin: "a test", name: "T")
    #expect(test.failure == .cycle(".setCelsius → .setFahrenheit → .setCelsius"))
  }

  @Test func anExportedTestAssertsTheFailureUntilTheOriginalIsBack() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for line in [".increment", ".setStep(5)", ".increment", ".decrement", ".increment", ".setStep(1)", ".increment"] {
      try await harness.result(line)
    }
    let answer = try await shrink(harness, "shrink count >= 6")
    #expect(answer.kept.map(\.action) == [".increment", ".setStep(5)", ".increment"])
    let session = try #require(harness.interpreter.debugger.current)
    let shrunk = try session.files.describeTest(registry: "ExampleRegistry.exampleFeatures", origin: "a test", name: "T")
    #expect(shrunk.failure == .condition("count >= 6"))
    let source = ExportedTest(shrunk).source
    #expect(source.contains(#"#expect(try !store.stateSatisfies("count >= 6"))"#), "\(source)")
    try await harness.result("original restore")
    #expect(try session.files.describeTest(registry: "ExampleRegistry.exampleFeatures", origin: "a test", name: "T").failure == nil)
  }

  @Test func theBudgetAndCtrlCEndItWithTheBestSoFar() async throws {
    let lines = [".increment", ".setStep(5)", ".increment", ".decrement", ".increment", ".setStep(1)", ".increment"]
    let budgeted = try InterpreterHarness(feature: "counter")
    for line in lines { try await budgeted.result(line) }
    let spent = try await shrink(budgeted, "shrink budget 3 count >= 6")
    #expect(spent.stop == .budgetSpent)
    #expect(spent.replays == 3)
    #expect(try await budgeted.expectation("expect count >= 6").passed)

    let interrupted = try InterpreterHarness(feature: "counter")
    for line in lines { try await interrupted.result(line) }
    var seen: [ShrinkProgress] = []
    interrupted.interpreter.shrinkProgress = { progress in
      seen.append(progress)
      // Ctrl-C pauses the current session.
      if progress.replays == 2 { interrupted.interpreter.debugger.current?.running.pause() }
    }
    let stopped = try await shrink(interrupted, "shrink count >= 6")
    #expect(stopped.stop == .interrupted)
    // The replay under way when Ctrl-C came counts; none starts after it.
    #expect(stopped.replays == 2)
    #expect(seen.first == ShrinkProgress(replays: 0, budget: Command.defaultShrinkBudget, kept: 7, rootActions: 7))
    #expect(try await interrupted.expectation("expect count >= 6").passed)
  }

  @Test func mistakesAreErrorsAndChangeNothing() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result(".increment")
    #expect(try await harness.error("shrink").message.contains("shrink needs a failure to keep"))
    #expect(try await harness.error("shrink count > 5").message.contains("does not hold in the last state"))
    #expect(throws: CommandParseError.self) { try CommandParser().parse("shrink $action.x == 1") }
    #expect(throws: CommandParseError.self) { try CommandParser().parse("shrink budget 0 count > 1") }
    try await harness.result("set var count = 10")
    #expect(try await harness.error("shrink count > 5").message.contains("edits the state by hand"))
    #expect(try await log(harness).count == 2)
  }
}
