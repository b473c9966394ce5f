import SluiceDebugger
import SluiceReporting
import Testing

/// The commands a gdb user reaches for (issue 27): frames of the causal backtrace, displays,
/// `print` alone, and stepping backwards.
@MainActor
@Suite("Interpreter: gdb habits")
struct GdbHabitsTests {
  /// Checkout paused before `.paymentSucceeded`: its chain is `.paymentSucceeded` (queued) ←
  /// `.validated` (#3) ← `.checkout` (#2).
  private func pausedInsideTheCheckoutChain() async throws -> InterpreterHarness {
    let harness = try InterpreterHarness(feature: "checkout")
    try await harness.result(#".addItem((id: "tea", name: "Tea", priceInCents: 450, quantity: 1))"#)
    try await harness.result("break paymentSucceeded")
    try await harness.result(".checkout")
    // The payment middleware takes a second of virtual time.
    try await harness.result("advance 5s")
    return harness
  }

  @Test func frameUpAndDownSelectAFrameAndPrintShowsTheStateAtItsEntry() async throws {
    let harness = try await pausedInsideTheCheckoutChain()
    #expect(try await harness.lines("print status") == ["status = .processingPayment"])
    #expect(try await harness.lines("frame 2") == ["2: .checkout  (#2, depth 0)  ← script"])
    #expect(try await harness.lines("print status") == ["status = .validating"])
    #expect(try await harness.lines("down") == [#"1: .validated  (#3, depth 1)  ← middleware 'validation'"#])
    #expect(try await harness.lines("frame") == [#"1: .validated  (#3, depth 1)  ← middleware 'validation'"#])
    #expect(try await harness.lines("up") == ["2: .checkout  (#2, depth 0)  ← script"])
    #expect(try await harness.lines("up") == ["error: frame 2 is the outermost: the root of the chain"])
    #expect(try await harness.lines("frame 7") == ["error: no frame 7: the backtrace has frames 0–2"])
    #expect(try await harness.lines("f 0") == [#"0: .paymentSucceeded(receiptID: "receipt-1")  (queued, depth 2)  ← middleware 'payment'"#])
    #expect(try await harness.lines("down") == ["error: frame 0 is the innermost"])
  }

  @Test func aSelectedFrameShapesDiffAndResetsOnStep() async throws {
    let harness = try await pausedInsideTheCheckoutChain()
    try await harness.result("frame 2")
    #expect(try await harness.lines("diff").first == "diff #2 .checkout:")
    try await harness.result("step")
    // Stepping moves the program: the selection is gone, as in gdb.
    #expect(try await harness.lines("frame").first?.hasPrefix("0: ") == true)
    try await harness.result("up")
    try await harness.result("continue")
    #expect(try await harness.lines("frame").first?.hasPrefix("0: ") == true)
    try await harness.result("frame 1")
    try await harness.result("jump 2")
    #expect(try await harness.lines("print status") == ["status = .validating"])
    #expect(try await harness.lines("frame") == ["0: .checkout  (#2, depth 0)  ← script"])
  }

  @Test func backtraceWithACountShowsTheInnermostFrames() async throws {
    let harness = try await pausedInsideTheCheckoutChain()
    #expect(
      try await harness.lines("bt 2") == [
        #"0: .paymentSucceeded(receiptID: "receipt-1")  (queued, depth 2)  ← middleware 'payment'"#,
        #"1: .validated  (#3, depth 1)  ← middleware 'validation'"#,
        "(1 more frame: `bt` shows them all)",
      ])
    #expect(try await harness.lines("bt 5").count == 3)
  }

  @Test func printAlonePrintsTheWholeState() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result(".increment")
    let whole = try await harness.lines("state")
    #expect(try await harness.lines("print") == whole)
    #expect(whole.joined().contains("count: 1"))
  }

  @Test func displayShowsItsPathNumberedLikeGdb() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    #expect(try await harness.lines("display count") == ["1: count = 0"])
    #expect(try await harness.lines("display step") == ["2: step = 1"])
    #expect(try await harness.lines("info display") == ["1: count = 0", "2: step = 1"])
    #expect(try await harness.lines("undisplay 1") == ["deleted display 1"])
    #expect(try await harness.lines("info display") == ["2: step = 1"])
    #expect(try await harness.lines("undisplay 5") == ["error: no display 5 (displays: 2)"])
    #expect(try await harness.lines("undisplay") == ["deleted every display"])
    #expect(try await harness.lines("info display") == ["no displays"])
    #expect(try await harness.lines("display nosuch").first?.hasPrefix("error: ") == true)
  }

  @Test func displaysFollowEveryCommandThatMovesTheProgram() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result("display count")
    let sent = try await harness.run(".increment")
    #expect(TextRenderer().lines(for: sent.displays) == ["1: count = 1"])
    let looked = try await harness.run("print step")
    #expect(looked.displays.isEmpty)
    try await harness.result("pause")
    try await harness.result(".increment")
    let stepped = try await harness.run("step")
    #expect(TextRenderer().lines(for: stepped.displays) == ["1: count = 2"])
    let back = try await harness.run("reverse-step")
    #expect(TextRenderer().lines(for: back.displays) == ["1: count = 1"])
  }

  @Test func aScriptPrintsTheDisplaysAfterEachStep() async {
    let harness = ScriptRunnerHarness()
    _ = await harness.run(
      """
      display count
      .increment
      .increment
      """)
    #expect(harness.output.standardOutput.filter { $0.hasPrefix("1: ") } == ["1: count = 0", "1: count = 1", "1: count = 2"])
  }

  @Test func reverseStepGoesOneEntryBack() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for _ in 0..<3 { try await harness.result(".increment") }
    try await harness.result("reverse-step")
    #expect(try await harness.value("count") == "2")
    try await harness.result("rs")
    #expect(try await harness.value("count") == "1")
    try await harness.result("rs")
    #expect(try await harness.value("count") == "0")
    #expect(try await harness.lines("reverse-step") == ["error: already at the base (#0): nothing to step back over"])
  }

  @Test func reverseNextStepsBackOverTheWholeChain() async throws {
    let harness = try InterpreterHarness(feature: "checkout")
    try await harness.result(#".addItem((id: "tea", name: "Tea", priceInCents: 450, quantity: 1))"#)
    try await harness.result(".checkout")
    try await harness.result("advance 5s")
    #expect(try await harness.value("status") == #".paid(receiptID: "receipt-1")"#)
    // #2 .checkout, #3 .validated, #4 .paymentSucceeded: one chain, stepped back over at once.
    try await harness.result("reverse-next")
    #expect(try await harness.value("status") == ".shopping")
    #expect(try await harness.value("items.count") == "1")
    try await harness.result("rn")
    #expect(try await harness.value("items.count") == "0")
  }
}

extension InterpreterHarness {
  /// What the shell prints for `line`'s result (the events aside); an error as `error: …`.
  func lines(_ line: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> [String] {
    let outcome = try await run(line, sourceLocation: sourceLocation)
    switch outcome.result {
    case .success(let result): return TextRenderer().lines(for: result)
    case .failure(let error): return ["error: " + error.message]
    }
  }
}

/// After a jump, `log` says where the state is, as the prompt does (`@1/3`).
@MainActor
@Suite struct LogPositionTests {
  @Test func logMarksTheEntryAJumpLeftTheStateAt() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for _ in 1...3 { try await harness.result(".increment") }
    #expect(try await harness.lines("log").allSatisfy { !$0.contains("◀") })
    try await harness.result("jump 1")
    let lines = try await harness.lines("log")
    #expect(lines.count == 3)
    #expect(lines[0].hasSuffix("◀ @1/3: the state is here; the next action forks"))
    #expect(!lines[1].contains("◀") && !lines[2].contains("◀"))
    try await harness.result("jump 0")
    #expect(try await harness.lines("log").last == "◀ @0/3: the state is the base, before #1")
  }
}
