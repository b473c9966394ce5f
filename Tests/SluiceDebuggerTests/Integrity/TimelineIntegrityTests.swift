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
    session.type(#".queryChanged("ap")"#)
    _ = session.takeEvents()

    try session.jump(to: 0)
    _ = try await session.advance(by: .seconds(2))

    // The debounce belonged to entry #1, which the jump left behind: it must not fire.
    #expect(session.history(last: nil).map(\.action) == [#".queryChanged("ap")"#])
    #expect(session.rendered("query") == #""""#)
    #expect(session.jobs.isEmpty)
    let dropped = session.takeEvents().filter {
      if case .jobCancelled = $0 { true } else { false }
    }
    #expect(!dropped.isEmpty)

    // The state shown and the log shown survive save and load.
    let (file, cleanUp) = try temporaryFile()
    defer { cleanUp() }
    try session.save(to: file.path)
    let reloaded = try makeDebugger().use("search")
    let report = try reloaded.load(from: file.path)
    #expect(report.divergence == nil)
    #expect(reloaded.rendered("") == session.rendered(""))
    #expect(reloaded.history(last: nil).map(\.action) == session.history(last: nil).map(\.action))
  }

  @Test func resetWhilePausedDropsTheQueuedLoop() async throws {
    let session = try makeDebugger().use("pingpong")
    _ = try session.addBreakpoint(.action(pattern: "pong", condition: nil), isOneShot: false, ignoreCount: 0)
    session.type(".ping")
    _ = try await session.advance(by: .milliseconds(10))
    #expect(session.status == .paused)

    session.reset()
    try session.deleteBreakpoint(1)
    session.continueRunning()
    _ = try await session.advance(by: .seconds(1))

    #expect(session.history(last: nil).isEmpty)
    #expect(session.rendered("pings") == "0")
    #expect(session.rendered("pongs") == "0")
    #expect(await session.wait(timeout: hangGuard) == .idle)
  }

  @Test func saveAfterAJumpReloadsToTheStateShown() throws {
    let session = try makeDebugger().use("counter")
    for _ in 0..<3 { session.type(".increment") }
    try session.jump(to: 1)

    let (file, cleanUp) = try temporaryFile()
    defer { cleanUp() }
    try session.save(to: file.path)
    let reloaded = try makeDebugger().use("counter")
    let report = try reloaded.load(from: file.path)

    #expect(report.divergence == nil)
    #expect(reloaded.rendered("count") == "1")
    #expect(reloaded.history(last: nil).count == 3)
  }

  @Test func aDivergenceWithEqualFinalStatesNamesTheEntryAndShowsItsDiff() throws {
    let saved = try Debugger(registry: stepperRegistry(step: 1), options: .forTests(usesVirtualClock: true))
      .use("stepper")
    saved.type(".increment")
    saved.type(".reset")
    let (file, cleanUp) = try temporaryFile()
    defer { cleanUp() }
    try saved.save(to: file.path)

    let changed = try Debugger(registry: stepperRegistry(step: 2), options: .forTests(usesVirtualClock: true))
      .use("stepper")
    let report = try changed.load(from: file.path)

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
    let warnings = session.takeEvents().compactMap {
      if case .referenceInState(let path, let typeName) = $0 { (path, typeName) } else { nil }
    }
    #expect(warnings.count == 1)
    #expect(warnings.first?.0 == "tally")
    #expect(warnings.first?.1 == "Tally")
  }

  @Test func aJobBreakpointStopsAJobScheduledWhilePaused() async throws {
    let session = try makeDebugger().use("checkout")
    session.type(#".addItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 1)"#)
    _ = await session.wait(timeout: hangGuard)
    _ = try session.addBreakpoint(.action(pattern: "checkout", condition: nil), isOneShot: true, ignoreCount: 0)
    _ = try session.addBreakpoint(.job(pattern: "payment"), isOneShot: false, ignoreCount: 0)
    session.type(".checkout")
    _ = try await session.step()  // reduces .checkout: its middleware jobs are held
    _ = session.takeEvents()

    session.continueRunning()

    let stopped = stops(in: session.takeEvents())
    #expect(stopped.contains { if case .job(_, let job) = $0 { job.name == "payment" } else { false } })
    #expect(session.status == .paused)
  }

  @Test func aPatternTypedWithItsDotIsShownWithOne() throws {
    let session = try makeDebugger().use("checkout")
    let breakpoint = try session.addBreakpoint(.action(pattern: ".pay*", condition: nil), isOneShot: false, ignoreCount: 0)
    #expect(breakpoint.description == "break on .pay*")
  }
}
