import SluiceDebugger
import SluiceReporting
import Testing

/// Issue 27: paused at a conditional breakpoint with a watchpoint set, `next` printed
/// `⏸ stopped at watchpoint 2 after #11`, then went on reducing, printed a second stop, and
/// moved virtual time without a word. A command that stops stops at the first hit, as gdb's
/// do; one that moves virtual time says so.
@MainActor
@Suite struct StopAtFirstHitTests {
  /// Search, paused before the debounced `.search` (breakpoint 1), with `results` watched
  /// (watchpoint 2), 300 ms into the session.
  private func searchPausedBeforeItsSearch() async throws -> InterpreterHarness {
    let harness = try InterpreterHarness(feature: "search")
    try await harness.result(#"break search if query == "ada""#)
    try await harness.result("watch results")
    try await harness.result(#".queryChanged("ada")"#)
    let advanced = try await harness.run("advance 300ms")
    #expect(stopReasons(advanced.events).count == 1)
    return harness
  }

  @Test func nextStopsAtTheFirstWatchpointItHits() async throws {
    let harness = try await searchPausedBeforeItsSearch()
    let session = try #require(harness.interpreter.debugger.current)

    let next = try await harness.run("next")

    let stops = stopReasons(next.events)
    #expect(stops.count == 1)
    guard case .watchpoint(2, _, _, _, let index)? = stops.first else {
      Issue.record("next should stop at watchpoint 2, not \(stops)")
      return
    }
    #expect(index == 2)
    #expect(reducedRecords(next.events).map(\.index) == [2])
    #expect(session.inspection.elapsedTime == .milliseconds(300), "the search's 200 ms were not run")
    #expect(try await harness.value("results") == ".loading(previous: nil)")
  }

  @Test func aStepThatMovesVirtualTimeSaysSo() async throws {
    let harness = try await searchPausedBeforeItsSearch()
    let session = try #require(harness.interpreter.debugger.current)
    try await harness.result("next")  // reduces .search, stops at the watchpoint

    let next = try await harness.run("next")  // runs the search (200 ms), reduces its answer

    let moves = next.events.compactMap { if case .timeAdvanced(let from, let to) = $0 { (from, to) } else { nil } }
    #expect(moves.count == 1)
    #expect(moves.first?.0 == .milliseconds(300))
    #expect(moves.first?.1 == .milliseconds(500))
    #expect(session.inspection.elapsedTime == .milliseconds(500))
    #expect(stopReasons(next.events).count == 1)
    let lines = next.events.flatMap(TextRenderer().lines(for:))
    #expect(lines.contains("advanced virtual time to 500ms"))
    let json = next.events.map { JSONEventWriter().event(for: $0) }
    #expect(json.contains { if case .timeAdvanced(let moved) = $0.payload { moved.toNanoseconds == 500_000_000 } else { false } })
  }
}
