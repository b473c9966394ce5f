import ExampleRegistry
import Sluice
import SluiceDebugger
import SluiceReporting
import Testing

/// Debugging a runaway loop: one report per distinct cycle, naming the jobs that close it;
/// a backtrace that keeps its root; entry numbers and `reset` that survive the history
/// limit; the detector's settings in the user's hands.
@MainActor
@Suite struct CycleDebuggingTests {
  private func pingPong(policy: CyclePolicy, historyLimit: Int = 10_000) throws -> any DebugSession {
    var options = SessionOptions.forTests(usesVirtualClock: true, historyLimit: historyLimit, diffDisplay: .off)
    options.cycleOverrides = CycleOverrides(policy: policy)
    return try Debugger(registry: exampleFeatures, options: options).use("pingpong")
  }

  @Test func aLoopUnderTheWarnPolicyIsReportedOnceAndCounted() async throws {
    let session = try pingPong(policy: .warn)
    session.running.type(".ping")
    _ = try await session.running.advance(by: .seconds(3))

    let events = session.inspection.takeEvents()
    let first = events.filter { if case .cycleDetected = $0 { true } else { false } }
    let repeats = events.compactMap { if case .cycleRepeated(let report) = $0 { report } else { nil } }
    #expect(first.count == 1)
    #expect(repeats.count < 10, "repeats arrive coalesced, not one per warning")
    let report = try #require(session.inspection.cycles.first)
    #expect(session.inspection.cycles.count == 1)
    #expect(report.count > 10)
    #expect(repeats.last?.count == report.count)
    #expect(report.path == ".ping →(effect 'send pong')→ .pong →(effect 'send ping')→ .ping")
    #expect(report.lastSeen > report.firstSeen)
    session.running.type(".stop")
  }

  /// Issue 27: the shell showed `⚠ cycle … seen N times` each time it took events while a
  /// loop ran on under `warn`. Taken in the background, repeats wait while the store runs,
  /// and come as one count once it stops.
  @Test func aRunningLoopsRepeatsWaitForItToStopAndComeAsOneCount() async throws {
    let session = try pingPong(policy: .warn)
    session.running.type(".ping")
    var repeatsWhileRunning = 0
    for _ in 0..<5 {
      _ = try await session.running.advance(by: .milliseconds(500))
      #expect(session.inspection.status == .running)
      repeatsWhileRunning += session.inspection.takeBackgroundEvents().count { if case .cycleRepeated = $0 { true } else { false } }
    }
    #expect(repeatsWhileRunning == 0)

    session.running.pause()
    let repeats = session.inspection.takeBackgroundEvents().compactMap { if case .cycleRepeated(let report) = $0 { report } else { nil } }
    #expect(repeats.count == 1)
    #expect(repeats.first?.count == session.inspection.cycles.first?.count)
    #expect((repeats.first?.count ?? 0) > 5)
  }

  @Test func theBacktraceOfALongChainShowsItsRootAndCountsWhatItLeftOut() async throws {
    let session = try pingPong(policy: .warn, historyLimit: 64)
    session.running.type(".ping")
    _ = try await session.running.advance(by: .seconds(5))  // 500 hops: most entries folded away
    session.running.pause()
    _ = try await session.running.advance(by: .milliseconds(10))

    let backtrace = session.inspection.backtrace
    #expect(backtrace.frames.count <= 16)
    let root = try #require(backtrace.root)
    #expect(root.action == ".ping")
    #expect(root.context.depth == 0)
    let last = try #require(backtrace.frames.last)
    #expect(backtrace.elidedCount == last.context.depth - 1)
    #expect(backtrace.elidedCount > 400)
    let lines = TextRenderer().lines(for: .backtrace(backtrace))
    #expect(lines.contains { $0.contains("frames elided") })
    #expect(lines.last?.hasSuffix("(root)") == true)
  }

  @Test func foldedEntriesAreNamedAndResetReturnsToTheInitialState() async throws {
    let session = try pingPong(policy: .warn, historyLimit: 64)
    session.running.type(".ping")
    _ = try await session.running.advance(by: .seconds(2))
    session.running.type(".stop")
    _ = try await session.running.advance(by: .milliseconds(20))

    #expect(session.inspection.history(last: nil).first?.index ?? 0 > 1)
    do {
      try session.timeTravel.jump(to: 1)
      Issue.record("jump 1 should say that #1 was folded")
    } catch {
      #expect(error.message.contains("#1 was folded into the base"))
      #expect(error.message.contains("history limit (64 entries)"))
    }
    session.timeTravel.reset()
    #expect(session.inspection.rendered("pings") == "0")
    #expect(session.inspection.rendered("pongs") == "0")
  }

  /// Issue 27: after the history folded the root, `bt` labelled it `(queued, depth 0)`
  /// though it was entry #1, reduced long ago.
  @Test func aFoldedRootKeepsItsEntryNumberInTheBacktrace() async throws {
    let session = try pingPong(policy: .pause, historyLimit: 4)
    session.running.type(".ping")
    _ = try await session.running.advance(by: .seconds(2))
    #expect(session.inspection.status == .paused)
    #expect(session.inspection.history(last: nil).first?.index ?? 0 > 1)
    let root = try #require(session.inspection.backtrace.root)
    #expect(root.index == 1)
    #expect(root.context.depth == 0)
  }

  /// Issue 27: paused by the detector in the loop of two replicas that echo each other,
  /// `set cycle policy break` then `continue` reported `.primary.apply → .primary.apply`, a
  /// self-loop that does not exist, and `info cycles` listed two cycles: the new settings
  /// made a new detector, which had forgotten the chain.
  @Test func aPolicyChangedMidLoopKeepsTheTrueCycle() async throws {
    var options = SessionOptions.forTests(usesVirtualClock: true, diffDisplay: .off)
    options.cycleOverrides = CycleOverrides(policy: .pause)
    let interpreter = CommandInterpreter(debugger: Debugger(registry: replicasRegistry, options: options))
    let trueCycle = [".primary.apply", ".primary.changed", ".replica.apply", ".replica.changed"]
    func rotations(of cycle: [String]) -> Set<[String]> {
      Set(cycle.indices.map { Array(cycle[$0...] + cycle[..<$0]) })
    }
    func run(_ line: String) async throws -> CommandOutcome {
      await interpreter.execute(try #require(try CommandParser().parse(line)))
    }

    let sent = try await run(".primary(.apply(1))")
    let pausedAt = try #require(stopReasons(sent.events).compactMap { if case .cycle(let warning) = $0 { warning } else { nil } }.first)
    #expect(rotations(of: trueCycle).contains(pausedAt.cycle.map { "." + $0 }))

    _ = try await run("set cycle policy break")
    let continued = try await run("continue")

    let broken = continued.events.compactMap { event -> CycleWarning? in
      if case .dropped(_, .cycleBroken(let warning)) = event { warning } else { nil }
    }
    let warning = try #require(broken.first, "the new policy breaks the loop")
    #expect(rotations(of: trueCycle).contains(warning.cycle.map { "." + $0 }), "broke \(warning.cycleDescription)")
    let listed = try await run("info cycles")
    guard case .success(.cycles(let reports)) = listed.result else {
      Issue.record("info cycles should list the cycles")
      return
    }
    #expect(reports.count == 1)
    #expect(reports.first?.count == 2)
  }

  /// Issue 45: `reset` kept the detector's counts, so a loop restarted after it was caught
  /// early, by reductions of the forgotten timeline. Like gdb's `run`, it starts afresh.
  @Test func resetStartsTheDetectorAfresh() async throws {
    let session = try pingPong(policy: .warn)
    session.running.type(".ping")
    // Fifteen of the twenty `.pong`s a second the detector allows.
    _ = try await session.running.advance(by: .milliseconds(300))
    #expect(session.inspection.cycles.isEmpty)
    session.timeTravel.reset()
    session.running.type(".ping")
    _ = try await session.running.advance(by: .milliseconds(150))
    #expect(session.inspection.cycles.isEmpty, "counted reductions from before the reset: \(session.inspection.cycles.map(\.count))")
    session.running.type(".stop")
  }

  /// Issue 45: `info cycles` said `(policy: pause)` after `set cycle policy break` had
  /// broken the same loop: it showed the policy of the first warning, next to the time of
  /// the last.
  @Test func infoCyclesNamesThePolicyOfTheLatestWarning() async throws {
    let harness = try InterpreterHarness(feature: "pingpong")
    try await harness.result("set cycle policy pause")
    try await harness.result(".ping")
    _ = try await harness.run("advance 1s")
    try await harness.result("set cycle policy break")
    _ = try await harness.run("continue")
    _ = try await harness.run("advance 1s")
    guard case .cycles(let reports) = try await harness.result("info cycles") else {
      Issue.record("info cycles should list the cycles")
      return
    }
    let report = try #require(reports.first)
    #expect(report.count == 2)
    #expect(report.warning.policy == .pause)
    #expect(report.latestPolicy == .break)
    let line = TextRenderer().lines(for: .cycles(reports)).first ?? ""
    #expect(line.hasSuffix("(policy: break)"), "\(line)")

    // A session file keeps it.
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("pingpong.sluice-session").path
    try await harness.result("save \(file)")
    try await harness.result("load \(file)")
    guard case .cycles(let loaded) = try await harness.result("info cycles") else {
      Issue.record("info cycles should list the loaded cycles")
      return
    }
    #expect(loaded.map(\.latestPolicy) == [.break])
    #expect(loaded.map(\.warning.policy) == [.pause])
  }

  @Test func theDetectorsSettingsAreTheUsers() async throws {
    let harness = try InterpreterHarness(feature: "pingpong")
    _ = try await harness.result("set cycle policy break")
    _ = try await harness.result("set cycle limit 5")
    _ = try await harness.result("set cycle window 500ms")
    _ = try await harness.result("set cycle depth off")
    _ = try await harness.result("set history limit 100")
    let session = try #require(harness.interpreter.debugger.current)
    #expect(session.inspection.cycleDetection.policy == .break)
    #expect(session.inspection.cycleDetection.frequency == .init(limit: 5, window: .milliseconds(500)))
    #expect(session.inspection.cycleDetection.maximumDepth == nil)
    #expect(session.inspection.historyLimit == 100)
    guard case .settings(let settings) = try await harness.result("info settings") else {
      Issue.record("info settings should answer with the settings")
      return
    }
    #expect(settings.cycleDetection == session.inspection.cycleDetection)
    #expect(throws: (any Error).self) { try CommandParser().parse("set cycle policy sometimes") }
    #expect(throws: (any Error).self) { try CommandParser().parse("set cycle limit 0") }
  }

  @Test func aFeatureRegistersItsOwnDefaultAndOptionsOverrideIt() throws {
    let registry = FeatureRegistry([
      Feature(
        "chatty", summary: "sends one case often on purpose", initialState: Stepper.State(),
        cycleDetection: CycleDetection(frequency: .init(limit: 1_000), maximumDepth: 50, policy: .warn)
      ) { _ in Stepper(step: 1) }
    ])
    let plain = try Debugger(registry: registry).use("chatty")
    #expect(plain.inspection.cycleDetection.frequency?.limit == 1_000)
    #expect(plain.inspection.cycleDetection.policy == .warn)

    var options = SessionOptions.forTests()
    options.cycleOverrides = CycleOverrides(policy: .pause)
    let overridden = try Debugger(registry: registry, options: options).use("chatty")
    #expect(overridden.inspection.cycleDetection.frequency?.limit == 1_000)
    #expect(overridden.inspection.cycleDetection.policy == .pause)
  }

  @Test(arguments: [true, false])
  func aLoopThroughTimeIsCaughtUnderEitherClock(virtualClock: Bool) async throws {
    var options = SessionOptions.forTests(usesVirtualClock: virtualClock, diffDisplay: .off)
    // The depth signal alone, and shallow: on real time the chain is cut after ten hops
    // however slowly a loaded machine runs them, where a rate limit might never be reached.
    options.cycleOverrides = CycleOverrides(policy: .break, limit: .some(nil), depth: .some(10))
    let session = try Debugger(registry: exampleFeatures, options: options).use("pingpong")
    session.running.type(".ping")  // each hop sleeps 10 ms on the session's clock
    if virtualClock {
      _ = try await session.running.advance(by: .seconds(2))
    }
    let outcome = await session.running.wait(timeout: hangGuard)

    #expect(outcome == .idle)
    #expect(session.inspection.cycles.count == 1)
    #expect(session.inspection.cycles.first?.warning.policy == .break)
  }
}
