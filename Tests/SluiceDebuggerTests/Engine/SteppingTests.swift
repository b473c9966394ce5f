import Sluice
import SluiceDebugger
import Testing

@MainActor
@Suite struct SteppingTests {
  @Test func steppingCheckoutRunsItsThreeMiddlewareOneAtATime() async throws {
    let session = try makeDebugger().use("checkout")
    session.running.type(#".addItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 2)"#)
    await expectIdle(session)
    _ = try session.breakpointControl.addBreakpoint(.action(pattern: "checkout", condition: nil), isOneShot: false, ignoreCount: 0)

    session.running.type(".checkout")
    #expect(session.inspection.status == .paused)
    #expect(session.inspection.rendered("status") == ".shopping")

    guard case .reduced(let checkout) = try await session.running.step() else {
      Issue.record("the first step should reduce .checkout")
      return
    }
    #expect(checkout.action == ".checkout")
    #expect(session.inspection.rendered("status") == ".validating")
    #expect(session.inspection.jobs.map(\.job.name) == ["validation", "analytics", "payment"])
    #expect(session.inspection.jobs.allSatisfy { $0.isHeld })

    var ran: [(String, [String])] = []
    for _ in 0..<3 {
      guard case .ranJob(let job, let sent) = try await session.running.step() else {
        Issue.record("expected a middleware run")
        return
      }
      ran.append((job.name, sent))
    }
    #expect(ran.map(\.0) == ["validation", "analytics", "payment"])
    #expect(ran.map(\.1) == [[".validated"], [], []])

    // `.validated` wakes the payment middleware, which charges the gateway on virtual time.
    guard case .reduced(let validated) = try await session.running.step() else {
      Issue.record("expected .validated to be reduced")
      return
    }
    #expect(validated.origin == .job(kind: "middleware", name: "validation"))
    #expect(session.inspection.rendered("status") == ".processingPayment")
    var sentByPayment: [String] = []
    for _ in 0..<3 {
      if case .ranJob(let job, let sent) = try await session.running.step(), job.name == "payment" {
        sentByPayment = sent
      }
    }
    #expect(sentByPayment.count == 1)
    #expect(sentByPayment.first?.hasPrefix(".paymentSucceeded(receiptID:") == true)

    session.running.continueRunning()
    await expectIdle(session)
    #expect(session.inspection.rendered("status").hasPrefix(".paid("))
  }

  @Test func nextFinishesTheCurrentActionWithAllItsJobs() async throws {
    let session = try makeDebugger().use("checkout")
    session.running.type(#".addItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 1)"#)
    await expectIdle(session)
    _ = try session.breakpointControl.addBreakpoint(.action(pattern: "checkout", condition: nil), isOneShot: true, ignoreCount: 0)
    session.running.type(".checkout")

    let reports = try await session.running.next()

    #expect(session.inspection.status == .paused)
    #expect(session.inspection.rendered("status").hasPrefix(".paid("))
    #expect(reports.count > 6)
    #expect(session.inspection.jobs.isEmpty)
  }

  @Test func backtraceShowsTheCausalChain() async throws {
    let session = try makeDebugger().use("checkout")
    session.running.type(#".addItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 1)"#)
    await expectIdle(session)
    _ = try session.breakpointControl.addBreakpoint(.action(pattern: "paymentSucceeded", condition: nil), isOneShot: false, ignoreCount: 0)
    session.running.type(".checkout")
    _ = await session.running.wait(timeout: hangGuard)
    _ = try await session.running.advance(by: .seconds(1))

    #expect(session.inspection.status == .paused)
    let frames = session.inspection.backtrace.frames
    #expect(frames.map { $0.action.prefix(8) } == [".payment", ".validat", ".checkou"])
    #expect(frames.first?.index == nil)
    #expect(frames.map(\.context.depth) == [2, 1, 0])
  }

  @Test func stepRequiresAPausedStore() async throws {
    let session = try makeDebugger().use("counter")
    await #expect(throws: DebugError.self) { try await session.running.step() }
    session.running.pause()
    await #expect(throws: DebugError.self) { try await session.running.step() }  // nothing to step
    session.running.type(".increment")
    #expect(session.inspection.rendered("count") == "0")
    guard case .reduced = try await session.running.step() else {
      Issue.record("expected the queued increment to be reduced")
      return
    }
    #expect(session.inspection.rendered("count") == "1")
  }

  private func expectIdle(_ session: any DebugSession, sourceLocation: SourceLocation = #_sourceLocation) async {
    let outcome = await session.running.wait(timeout: hangGuard)
    #expect(outcome == .idle, sourceLocation: sourceLocation)
  }
}
