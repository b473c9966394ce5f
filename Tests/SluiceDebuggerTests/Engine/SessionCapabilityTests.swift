import SluiceDebugger
import Testing

/// A session hands out five capabilities, each an object of its own: a client given one
/// cannot reach the others through it, not even by casting.
@MainActor
@Suite struct SessionCapabilityTests {
  @Test func aCapabilityReachesNoOtherOneNorTheSession() throws {
    let session = try makeDebugger().use("counter")
    let capabilities: [(name: String, object: AnyObject)] = [
      ("inspection", session.inspection), ("running", session.running),
      ("breakpoints", session.breakpointControl), ("time travel", session.timeTravel), ("files", session.files),
    ]
    let reaches: [(name: String, test: (AnyObject) -> Bool)] = [
      ("inspection", { $0 is any SessionInspection }), ("running", { $0 is any SessionRunning }),
      ("breakpoints", { $0 is any SessionBreakpoints }), ("time travel", { $0 is any SessionTimeTravel }),
      ("files", { $0 is any SessionFiles }),
    ]
    for capability in capabilities {
      let reached = reaches.filter { $0.test(capability.object) }.map(\.name)
      #expect(reached == [capability.name], "\(capability.name) reaches \(reached)")
      #expect(!(capability.object is any DebugSession), "\(capability.name) reaches the whole session")
    }
  }

  @Test func theCapabilitiesShareOneSession() async throws {
    let session = try makeDebugger().use("counter")
    let running = session.running
    let inspection = session.inspection
    try running.send(".increment", origin: .user)
    #expect(inspection.rendered("count") == "1")
    _ = try session.breakpointControl.addBreakpoint(
      .action(pattern: "increment", condition: nil), isOneShot: false, ignoreCount: 0)
    #expect(inspection.history(last: nil).count == 1)
    #expect(session.breakpointControl.breakpoints.count == 1)
    try session.timeTravel.jump(to: 0)
    #expect(inspection.rendered("count") == "0")
    #expect(inspection.position == 0)
  }
}
