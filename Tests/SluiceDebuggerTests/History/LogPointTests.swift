import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// `trace PATTERN [if CONDITION] print PATH…`: a log point lists what it would have printed
/// over the past, without moving the session, then prints as actions come, never stopping.
@MainActor
@Suite struct LogPointTests {
  private func trace(_ line: String, _ harness: InterpreterHarness, sourceLocation: SourceLocation = #_sourceLocation)
    async throws -> LogPointTrace
  {
    guard case .answer(let answer) = try await harness.result(line, sourceLocation: sourceLocation),
      let trace = answer as? LogPointTrace
    else { throw DebugError("`\(line)` gave no trace answer") }
    return trace
  }

  /// Sends `line` and returns what log points printed before it.
  private func traced(_ line: String, _ harness: InterpreterHarness) async throws -> [(id: Int, entry: TracedEntry)] {
    try await harness.run(line).events.compactMap { event in
      if case .traced(let id, let entry) = event { (id, entry) } else { nil }
    }
  }

  @Test func theValuesAreThoseBeforeEachMatchingEntryAndNothingMoves() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for line in [".increment", ".setStep(5)", ".increment", "set var count = 20", ".decrement"] { try await harness.result(line) }
    try await harness.result("jump 3")
    let answer = try await trace("trace *crement print count step", harness)
    #expect(answer.past.map(\.index) == [1, 3, 5], "the edit (#4) is no action")
    #expect(answer.past.map { $0.values.map(\.value) } == [["0", "1"], ["1", "5"], ["20", "5"]])
    #expect(answer.past.map(\.action) == [".increment", ".increment", ".decrement"])
    #expect(try await harness.value("count") == "6", "still after #3: trace moves nothing")
    let lines = TextRenderer().lines(for: .answer(answer))
    #expect(lines.first == "log point 1: trace *crement print count step (3 kept entries match; it prints from now on, never stopping)")
    #expect(lines.dropFirst().first == "  #1 .increment  count = 0, step = 1")
  }

  @Test func fromNowOnItPrintsBeforeEachMatchingActionAndNeverStops() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result("trace increment if count >= 1 print count $action")
    #expect(try await traced(".increment", harness).isEmpty, "count is 0 before it: the condition does not hold")
    let printed = try await traced(".increment", harness)
    #expect(printed.map(\.id) == [1])
    #expect(printed.first?.entry == TracedEntry(
      index: 2, action: ".increment", caseName: "increment",
      values: [.init(path: "count", value: "1"), .init(path: "$action", value: ".increment")]))
    #expect(try await harness.value("count") == "2", "the action was reduced: a log point does not stop")
    try await harness.result("ignore 1 1")
    #expect(try await traced(".increment", harness).isEmpty, "an ignore count lets a match pass unprinted")
    #expect(try await traced(".increment", harness).count == 1)
    try await harness.result("disable 1")
    #expect(try await traced(".increment", harness).isEmpty)
    // After a jump back, the next action forks: it becomes the entry after the position.
    try await harness.result("enable 1")
    try await harness.result("jump 2")
    let forked = try await traced(".increment", harness)
    #expect(forked.first?.entry.index == 3 && forked.first?.entry.values.first?.value == "2")
    let rendered = TextRenderer().lines(for: DebugEvent.traced(id: 1, try #require(forked.first?.entry)))
    #expect(rendered == ["trace 1: #3 .increment  count = 2, $action = .increment"])
  }

  /// Random counter sessions with a log point made before the first action: the same log
  /// point made again at the end lists over the past exactly what the first printed live.
  @Test(arguments: [5, 17, 99])
  func overThePastItPrintsWhatItPrintedLive(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let harness = try InterpreterHarness(feature: "counter")
    let logPoint = "trace *crement if count > 1 print count step $action"
    try await harness.result(logPoint)
    var live: [TracedEntry] = []
    let actions = [".increment", ".increment", ".decrement", ".setStep(2)", ".setStep(1)", ".reset"]
    for _ in 0..<60 {
      live += try await traced(actions[Int.random(in: 0..<actions.count, using: &random)], harness).map(\.entry)
    }
    #expect(!live.isEmpty)
    try await harness.result("delete")
    #expect(try await trace(logPoint, harness).past == live)
  }

  @Test func pathsReadTheActionAndSayWhyTheyLeadNowhere() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    for line in [#".add(title: "Milk")"#, #".add(title: "Eggs")"#, ".toggle(id: 1)"] { try await harness.result(line) }
    let answer = try await trace("trace add print $action.title todos[0].title todos.count", harness)
    #expect(answer.past.map { $0.values.map(\.value) } == [[#""Milk""#, nil, "0"], [#""Eggs""#, #""Milk""#, "1"]])
    #expect(answer.past.first?.values[1].problem?.contains("out of range") == true)
    let toggles = try await trace("trace toggle print $action.id todos[id: 1].isDone", harness)
    #expect(toggles.past.map { $0.values.map(\.value) } == [["1", "false"]])
  }

  @Test func mistakesAreRefusedNamingWhatIsWrong() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    #expect(try await harness.error("trace incremnt print count").message.contains("did you mean '.increment'"))
    #expect(try await harness.error("trace increment print cuont").message.contains("cuont"))
    let todos = try InterpreterHarness(feature: "todos")
    #expect(try await todos.error("trace add print $action.amount").message.contains("amount"))
    for line in ["trace increment", "trace increment print", "trace increment if count > 1", "trace increment count"] {
      #expect(throws: CommandParseError.self, "\(line)") { try CommandParser().parse(line) }
    }
    // A string holding the word print is the condition's, not the start of the paths.
    let parsed = try CommandParser().parse(#"trace increment if count > 1 print count"#)
    guard case .trace(let logPoint)? = parsed else { Issue.record("not a trace: \(String(describing: parsed))"); return }
    #expect(logPoint.condition?.description == "count > 1" && logPoint.prints.map(\.description) == ["count"])
    try await harness.result("trace increment print count")
    let commands = await harness.interpreter.execute(.breakpointCommands(id: 1, lines: ["print count"]))
    guard case .failure(let refusal) = commands.result else { Issue.record("commands on a log point were taken"); return }
    #expect(refusal.message.contains("log point"))
    try await harness.result("condition 1 count > 5")
    try await harness.result(".increment")
    guard case .breakpoints(let list)? = try? await harness.result("info breakpoints") else { return }
    #expect(list.first?.description.hasPrefix("trace increment if count > 5 print count, not stopping") == true)
  }

  @Test func aStringHoldingPrintStaysInTheCondition() throws {
    let parsed = try CommandParser().parse(#"trace add if $action.title == "print it" print $action.title todos[id: 3].title"#)
    guard case .trace(let logPoint)? = parsed else { Issue.record("not a trace"); return }
    #expect(logPoint.condition?.literalText == #""print it""#)
    #expect(logPoint.prints.map(\.description) == ["$action.title", "todos[id: 3].title"])
  }

  @Test func aLogPointIsSavedWithTheBreakpointsAndWithTheSession() async throws {
    let folder = try TemporaryFolder()
    let script = folder.url.appendingPathComponent("points.sluice").path
    let session = folder.url.appendingPathComponent("counter.session").path
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use counter
      trace increment if count > 0 print count $action
      ignore 1 2
      .increment
      save breakpoints \(script)
      save \(session)
      """)
    #expect(status == .success)
    let text = try String(contentsOfFile: script, encoding: .utf8)
    #expect(text.contains("trace increment if count > 0 print count $action\nignore $bpnum 2"))
    let expected = Breakpoint.Kind.trace(
      LogPoint(
        pattern: "increment", condition: try StateCondition(parsing: "count > 0"),
        prints: [try TracedPath(parsing: "count"), try TracedPath(parsing: "$action")]))
    for restore in ["source \(script)", "load \(session)"] {
      let other = ScriptRunnerHarness()
      #expect(await other.run("use counter\n\(restore)") == .success, "\(restore)")
      let breakpoints = try #require(other.runner.interpreter.debugger.current).breakpointControl.breakpoints
      #expect(breakpoints.map(\.kind) == [expected], "\(restore)")
      #expect(breakpoints.map(\.ignoreCount) == [2], "\(restore)")
    }
  }

  @Test func secretsPrintMasked() async throws {
    let interpreter = CommandInterpreter(debugger: Debugger(registry: vaultRegistry, options: .forTests()))
    var lines: [String] = []
    for line in ["use vault", ".login", ".setPin", "trace * print pin user card", ".setCard", ".rotate"] {
      let outcome = try #require(await interpreter.execute(line: line))
      lines += TextRenderer().lines(for: try outcome.result.get())
      lines += outcome.events.flatMap { TextRenderer().lines(for: $0) }
    }
    #expect(lines.contains { $0.hasPrefix("trace 1: #") })
    #expect(lines.contains { $0.hasPrefix("  #2 .setPin") })
    for secret in Vault.secrets {
      #expect(!lines.contains { $0.contains(secret) }, "\(secret) in \(lines)")
    }
  }
}
