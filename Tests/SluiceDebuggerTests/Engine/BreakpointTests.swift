import Sluice
import SluiceDebugger
import Testing

@MainActor
@Suite struct BreakpointTests {
  @Test func aConditionalBreakpointWithAnIgnoreCountStopsExactlyWhereExpected() throws {
    let session = try makeDebugger().use("counter")
    let breakpoint = try session.breakpointControl.addBreakpoint(
      .action(pattern: "increment", condition: try StateCondition(parsing: "count >= 2")),
      isOneShot: false, ignoreCount: 1)

    for _ in 0..<3 { session.running.type(".increment") }
    // Before the 3rd increment count is 2: the condition holds, and that match is ignored.
    #expect(session.inspection.status == .idle)
    #expect(session.inspection.rendered("count") == "3")

    session.running.type(".decrement")  // a different case never matches
    session.running.type(".increment")  // count 2 again: the condition holds, nothing left to ignore
    #expect(session.inspection.status == .paused)
    #expect(session.inspection.rendered("count") == "2")
    let stops = stops(in: session.inspection.takeEvents())
    #expect(stops == [.breakpoint(id: breakpoint.id, action: ".increment")])
    #expect(session.breakpointControl.breakpoints.first?.hitCount == 2)

    session.running.continueRunning()
    #expect(session.inspection.rendered("count") == "3")
    #expect(session.inspection.status == .idle)
  }

  @Test func aOneShotBreakpointDeletesItself() throws {
    let session = try makeDebugger().use("counter")
    _ = try session.breakpointControl.addBreakpoint(.action(pattern: "incr*", condition: nil), isOneShot: true, ignoreCount: 0)

    session.running.type(".increment")
    #expect(session.inspection.status == .paused)
    #expect(session.breakpointControl.breakpoints.isEmpty)
    session.running.continueRunning()
    session.running.type(".increment")
    #expect(session.inspection.status == .idle)
    #expect(session.inspection.rendered("count") == "2")
  }

  @Test func disabledBreakpointsDoNotStop() throws {
    let session = try makeDebugger().use("counter")
    let breakpoint = try session.breakpointControl.addBreakpoint(.action(pattern: "*", condition: nil), isOneShot: false, ignoreCount: 0)
    try session.breakpointControl.setBreakpoint(breakpoint.id, enabled: false)

    session.running.type(".increment")
    #expect(session.inspection.status == .idle)
    try session.breakpointControl.deleteBreakpoint(breakpoint.id)
    #expect(throws: DebugError.self) { try session.breakpointControl.deleteBreakpoint(breakpoint.id) }
  }

  @Test func aWatchpointStopsAfterTheActionThatChangedThePathAndNamesIt() throws {
    let session = try makeDebugger().use("counter")
    let watch = try session.breakpointControl.addBreakpoint(.watch(path: try StatePath(parsing: "step")), isOneShot: false, ignoreCount: 0)

    session.running.type(".increment")
    session.running.type(".increment")
    #expect(session.inspection.status == .idle)
    session.running.type(".setStep(5)")
    session.running.type(".increment")  // waits: the store stopped after setStep

    #expect(session.inspection.status == .paused)
    #expect(session.inspection.rendered("count") == "2")
    let stops = stops(in: session.inspection.takeEvents())
    #expect(stops == [.watchpoint(id: watch.id, path: try StatePath(parsing: "step"), old: "1", new: "5", index: 3)])
    #expect(try session.inspection.entry(3).0.action == ".setStep(5)")

    session.running.continueRunning()
    #expect(session.inspection.rendered("count") == "7")
  }

  @Test func watchingAPathThatDoesNotExistIsRefused() throws {
    let session = try makeDebugger().use("counter")
    #expect(throws: DebugError.self) {
      try session.breakpointControl.addBreakpoint(.watch(path: try StatePath(parsing: "nope")), isOneShot: false, ignoreCount: 0)
    }
  }
}
