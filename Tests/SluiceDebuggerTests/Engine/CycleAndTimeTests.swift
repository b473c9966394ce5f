import Sluice
import SluiceDebugger
import Testing

@MainActor
@Suite struct CycleAndTimeTests {
  @Test func pingPongShowsTheCycleWarningWithItsChainAndBreakOnCycleStopsThere() async throws {
    let session = try makeDebugger(diff: .off).use("pingpong")
    _ = try session.breakpointControl.addBreakpoint(.cycle, isOneShot: false, ignoreCount: 0)

    session.running.type(".ping")
    let reached = try await session.running.advance(by: .seconds(5))

    #expect(session.inspection.status == .paused)
    #expect(reached < .seconds(5))
    let warning = try #require(session.inspection.cycles.first?.warning)
    #expect(warning.cycle == ["ping", "pong"])
    #expect(warning.cycleDescription == ".ping → .pong → .ping")
    #expect(warning.policy == .pause)
    let events = session.inspection.takeEvents()
    #expect(events.contains { if case .cycleDetected = $0 { true } else { false } })
    #expect(stops(in: events) == [.cycle(warning)])
    let reducedBefore = session.inspection.history(last: nil).count

    // Still stopped: time moves, nothing is reduced.
    _ = try await session.running.advance(by: .seconds(1))
    #expect(session.inspection.history(last: nil).count == reducedBefore)
    session.running.type(".stop")
    session.running.continueRunning()
    _ = try await session.running.advance(by: .seconds(1))
    #expect(await session.running.wait(timeout: hangGuard) == .idle)
  }

  @Test func withoutABreakpointTheWarningIsReportedAndNothingIsDropped() async throws {
    let session = try makeDebugger(diff: .off).use("pingpong")

    session.running.type(".ping")
    _ = try await session.running.advance(by: .seconds(1))
    session.running.type(".stop")
    _ = try await session.running.advance(by: .seconds(1))

    #expect(session.inspection.status == .idle)
    #expect(!session.inspection.cycles.isEmpty)
    let events = session.inspection.takeEvents()
    #expect(!events.contains { if case .dropped(_, .cycleBroken) = $0 { true } else { false } })
    #expect(session.inspection.history(last: nil).count > 50)
  }

  @Test func advancingVirtualTimeRunsTheDebouncedSearchAtItsDeadline() async throws {
    let session = try makeDebugger().use("search")

    session.running.type(#".queryChanged("ada")"#)
    #expect(await session.running.wait(timeout: hangGuard) == .waitingForTime(jobs: ["debounce .search"]))
    _ = try await session.running.advance(by: .milliseconds(299))
    #expect(session.inspection.history(last: nil).map(\.caseName) == ["queryChanged"])

    _ = try await session.running.advance(by: .milliseconds(1))
    #expect(session.inspection.history(last: nil).map(\.caseName) == ["queryChanged", "search"])
    #expect(session.inspection.rendered("results") == ".loading(previous: nil)")

    _ = try await session.running.advance(by: .milliseconds(200))
    #expect(session.inspection.history(last: nil).map(\.caseName) == ["queryChanged", "search", "searchResponse"])
    #expect(session.inspection.rendered("results") == #".loaded(["Ada Lovelace"])"#)
    #expect(session.inspection.elapsedTime == .milliseconds(500))
    #expect(await session.running.wait(timeout: hangGuard) == .idle)
  }

  @Test func advanceNeedsVirtualTime() async throws {
    let session = try makeDebugger(virtualClock: false).use("counter")
    await #expect(throws: DebugError.self) { try await session.running.advance(by: .seconds(1)) }
  }
}
