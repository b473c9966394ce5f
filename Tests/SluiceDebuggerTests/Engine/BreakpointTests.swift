import Sluice
import SluiceDebugger
import Testing

@MainActor
@Suite struct BreakpointTests {
  @Test func aConditionalBreakpointWithAnIgnoreCountStopsExactlyWhereExpected() throws {
    let session = try makeDebugger().use("counter")
    let breakpoint = try session.addBreakpoint(
      .action(pattern: "increment", condition: try StateCondition(parsing: "count >= 2")),
      isOneShot: false, ignoreCount: 1)

    for _ in 0..<3 { session.type(".increment") }
    // Before the 3rd increment count is 2: the condition holds, and that match is ignored.
    #expect(session.status == .idle)
    #expect(session.rendered("count") == "3")

    session.type(".decrement")  // a different case never matches
    session.type(".increment")  // count 2 again: the condition holds, nothing left to ignore
    #expect(session.status == .paused)
    #expect(session.rendered("count") == "2")
    let stops = stops(in: session.takeEvents())
    #expect(stops == [.breakpoint(id: breakpoint.id, action: ".increment")])
    #expect(session.breakpoints.first?.hitCount == 2)

    session.continueRunning()
    #expect(session.rendered("count") == "3")
    #expect(session.status == .idle)
  }

  @Test func aOneShotBreakpointDeletesItself() throws {
    let session = try makeDebugger().use("counter")
    _ = try session.addBreakpoint(.action(pattern: "incr*", condition: nil), isOneShot: true, ignoreCount: 0)

    session.type(".increment")
    #expect(session.status == .paused)
    #expect(session.breakpoints.isEmpty)
    session.continueRunning()
    session.type(".increment")
    #expect(session.status == .idle)
    #expect(session.rendered("count") == "2")
  }

  @Test func disabledBreakpointsDoNotStop() throws {
    let session = try makeDebugger().use("counter")
    let breakpoint = try session.addBreakpoint(.action(pattern: "*", condition: nil), isOneShot: false, ignoreCount: 0)
    try session.setBreakpoint(breakpoint.id, enabled: false)

    session.type(".increment")
    #expect(session.status == .idle)
    try session.deleteBreakpoint(breakpoint.id)
    #expect(throws: DebugError.self) { try session.deleteBreakpoint(breakpoint.id) }
  }

  @Test func aWatchpointStopsAfterTheActionThatChangedThePathAndNamesIt() throws {
    let session = try makeDebugger().use("counter")
    let watch = try session.addBreakpoint(.watch(path: try StatePath(parsing: "step")), isOneShot: false, ignoreCount: 0)

    session.type(".increment")
    session.type(".increment")
    #expect(session.status == .idle)
    session.type(".setStep(5)")
    session.type(".increment")  // waits: the store stopped after setStep

    #expect(session.status == .paused)
    #expect(session.rendered("count") == "2")
    let stops = stops(in: session.takeEvents())
    #expect(stops == [.watchpoint(id: watch.id, path: try StatePath(parsing: "step"), old: "1", new: "5", index: 3)])
    #expect(try session.entry(3).0.action == ".setStep(5)")

    session.continueRunning()
    #expect(session.rendered("count") == "7")
  }

  @Test func watchingAPathThatDoesNotExistIsRefused() throws {
    let session = try makeDebugger().use("counter")
    #expect(throws: DebugError.self) {
      try session.addBreakpoint(.watch(path: try StatePath(parsing: "nope")), isOneShot: false, ignoreCount: 0)
    }
  }
}
