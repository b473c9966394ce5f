import ExampleRegistry
import Foundation
import Sluice
import SluiceDebugger
import SluiceReporting
import Testing

/// Each test here was observed failing on 5c7706d: the debugger answered wrongly.
@MainActor
@Suite struct TimelineIntegrityTests {
  private func temporaryFile(_ name: String = "session.sluice-session") throws -> (URL, () -> Void) {
    let directory = try makeTemporaryDirectory()
    return (directory.appendingPathComponent(name), { try? FileManager.default.removeItem(at: directory) })
  }

  @Test func jumpingBackCancelsTheAbandonedTimelinesDebounce() async throws {
    let session = try makeDebugger().use("search")
    session.running.type(#".queryChanged("ap")"#)
    _ = session.inspection.takeEvents()

    try session.timeTravel.jump(to: 0)
    _ = try await session.running.advance(by: .seconds(2))

    // The debounce belonged to entry #1, which the jump left behind: it must not fire.
    #expect(session.inspection.history(last: nil).map(\.action) == [#".queryChanged("ap")"#])
    #expect(session.inspection.rendered("query") == #""""#)
    #expect(session.inspection.jobs.isEmpty)
    let dropped = session.inspection.takeEvents().filter {
      if case .jobCancelled = $0 { true } else { false }
    }
    #expect(!dropped.isEmpty)

    // The state shown and the log shown survive save and load.
    let (file, cleanUp) = try temporaryFile()
    defer { cleanUp() }
    try session.files.save(to: file.path)
    let reloaded = try makeDebugger().use("search")
    let report = try reloaded.files.load(from: file.path)
    #expect(report.divergence == nil)
    #expect(reloaded.inspection.rendered("") == session.inspection.rendered(""))
    #expect(reloaded.inspection.history(last: nil).map(\.action) == session.inspection.history(last: nil).map(\.action))
  }

  @Test func resetWhilePausedDropsTheQueuedLoop() async throws {
    let session = try makeDebugger().use("pingpong")
    _ = try session.breakpointControl.addBreakpoint(.action(pattern: "pong", condition: nil), isOneShot: false, ignoreCount: 0)
    session.running.type(".ping")
    _ = try await session.running.advance(by: .milliseconds(10))
    #expect(session.inspection.status == .paused)

    session.timeTravel.reset()
    try session.breakpointControl.deleteBreakpoint(1)
    session.running.continueRunning()
    _ = try await session.running.advance(by: .seconds(1))

    #expect(session.inspection.history(last: nil).isEmpty)
    #expect(session.inspection.rendered("pings") == "0")
    #expect(session.inspection.rendered("pongs") == "0")
    #expect(await session.running.wait(timeout: hangGuard) == .idle)
  }

  @Test func saveAfterAJumpReloadsToTheStateShown() throws {
    let session = try makeDebugger().use("counter")
    for _ in 0..<3 { session.running.type(".increment") }
    try session.timeTravel.jump(to: 1)

    let (file, cleanUp) = try temporaryFile()
    defer { cleanUp() }
    try session.files.save(to: file.path)
    let reloaded = try makeDebugger().use("counter")
    let report = try reloaded.files.load(from: file.path)

    #expect(report.divergence == nil)
    #expect(reloaded.inspection.rendered("count") == "1")
    #expect(reloaded.inspection.history(last: nil).count == 3)
  }

  @Test func aDivergenceWithEqualFinalStatesNamesTheEntryAndShowsItsDiff() throws {
    let saved = try Debugger(registry: stepperRegistry(step: 1), options: .forTests(usesVirtualClock: true))
      .use("stepper")
    saved.running.type(".increment")
    saved.running.type(".reset")
    let (file, cleanUp) = try temporaryFile()
    defer { cleanUp() }
    try saved.files.save(to: file.path)

    let changed = try Debugger(registry: stepperRegistry(step: 2), options: .forTests(usesVirtualClock: true))
      .use("stepper")
    let report = try changed.files.load(from: file.path)

    let divergence = try #require(report.divergence)
    #expect(divergence.index == 1)
    #expect(divergence.action == ".increment")
    #expect(divergence.finalStateDiff.isEmpty)
    #expect(divergence.entryDiff.changedPaths.map(\.description) == ["count"])
    let text = TextRenderer().lines(for: .loaded(path: file.path, report)).joined(separator: "\n")
    #expect(text.contains("#1"))
    #expect(text.contains("count"))
  }

  @Test func aClassInStateIsReportedWithItsPathAndType() throws {
    let session = try Debugger(registry: ledgerRegistry, options: .forTests(usesVirtualClock: true))
      .use("ledger")
    let warnings = session.inspection.takeEvents().compactMap {
      if case .referenceInState(let path, let typeName) = $0 { (path, typeName) } else { nil }
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.0 == "tally")
    #expect(warnings.first?.1 == "Tally")
  }

  @Test func aJobBreakpointStopsAJobScheduledWhilePaused() async throws {
    let session = try makeDebugger().use("checkout")
    session.running.type(#".addItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 1)"#)
    _ = await session.running.wait(timeout: hangGuard)
    _ = try session.breakpointControl.addBreakpoint(.action(pattern: "checkout", condition: nil), isOneShot: true, ignoreCount: 0)
    _ = try session.breakpointControl.addBreakpoint(.job(pattern: "payment"), isOneShot: false, ignoreCount: 0)
    session.running.type(".checkout")
    _ = try await session.running.step()  // reduces .checkout: its middleware jobs are held
    _ = session.inspection.takeEvents()

    session.running.continueRunning()

    let stopped = stops(in: session.inspection.takeEvents())
    #expect(stopped.contains { if case .job(_, let job) = $0 { job.name == "payment" } else { false } })
    #expect(session.inspection.status == .paused)
  }

  @Test func aPatternTypedWithItsDotIsShownWithOne() throws {
    let session = try makeDebugger().use("checkout")
    let breakpoint = try session.breakpointControl.addBreakpoint(.action(pattern: ".pay*", condition: nil), isOneShot: false, ignoreCount: 0)
    #expect(breakpoint.description == "break on .pay*")
  }
}
