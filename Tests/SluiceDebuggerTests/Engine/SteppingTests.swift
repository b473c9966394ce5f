import Sluice
import SluiceDebugger
import Testing

@MainActor
@Suite struct SteppingTests {
  @Test func steppingCheckoutRunsItsThreeMiddlewareOneAtATime() async throws {
    let session = try makeDebugger().use("checkout")
    session.type(#".addItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 2)"#)
    await expectIdle(session)
    _ = try session.addBreakpoint(.action(pattern: "checkout", condition: nil), isOneShot: false, ignoreCount: 0)

    session.type(".checkout")
    #expect(session.status == .paused)
    #expect(session.rendered("status") == ".shopping")

    guard case .reduced(let checkout) = try await session.step() else {
      Issue.record("the first step should reduce .checkout")
      return
    }
    #expect(checkout.action == ".checkout")
    #expect(session.rendered("status") == ".validating")
    #expect(session.jobs.map(\.job.name) == ["validation", "analytics", "payment"])
    #expect(session.jobs.allSatisfy { $0.isHeld })

    var ran: [(String, [String])] = []
    for _ in 0..<3 {
      guard case .ranJob(let job, let sent) = try await session.step() else {
        Issue.record("expected a middleware run")
        return
      }
      ran.append((job.name, sent))
    }
    #expect(ran.map(\.0) == ["validation", "analytics", "payment"])
    #expect(ran.map(\.1) == [[".validated"], [], []])

    // `.validated` wakes the payment middleware, which charges the gateway on virtual time.
    guard case .reduced(let validated) = try await session.step() else {
      Issue.record("expected .validated to be reduced")
      return
    }
    #expect(validated.origin == .job(kind: "middleware", name: "validation"))
    #expect(session.rendered("status") == ".processingPayment")
    var sentByPayment: [String] = []
    for _ in 0..<3 {
      if case .ranJob(let job, let sent) = try await session.step(), job.name == "payment" {
        sentByPayment = sent
      }
    }
    #expect(sentByPayment.count == 1)
    #expect(sentByPayment.first?.hasPrefix(".paymentSucceeded(receiptID:") == true)

    session.continueRunning()
    await expectIdle(session)
    #expect(session.rendered("status").hasPrefix(".paid("))
  }

  @Test func nextFinishesTheCurrentActionWithAllItsJobs() async throws {
    let session = try makeDebugger().use("checkout")
    session.type(#".addItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 1)"#)
    await expectIdle(session)
    _ = try session.addBreakpoint(.action(pattern: "checkout", condition: nil), isOneShot: true, ignoreCount: 0)
    session.type(".checkout")

    let reports = try await session.next()

    #expect(session.status == .paused)
    #expect(session.rendered("status").hasPrefix(".paid("))
    #expect(reports.count > 6)
    #expect(session.jobs.isEmpty)
  }

  @Test func backtraceShowsTheCausalChain() async throws {
    let session = try makeDebugger().use("checkout")
    session.type(#".addItem(id: "tea", name: "Tea", priceInCents: 450, quantity: 1)"#)
    await expectIdle(session)
    _ = try session.addBreakpoint(.action(pattern: "paymentSucceeded", condition: nil), isOneShot: false, ignoreCount: 0)
    session.type(".checkout")
    _ = await session.wait(timeout: hangGuard)
    _ = try await session.advance(by: .seconds(1))

    #expect(session.status == .paused)
    let frames = session.backtrace.frames
    #expect(frames.map { $0.action.prefix(8) } == [".payment", ".validat", ".checkou"])
    #expect(frames.first?.index == nil)
    #expect(frames.map(\.context.depth) == [2, 1, 0])
  }

  @Test func stepRequiresAPausedStore() async throws {
    let session = try makeDebugger().use("counter")
    await #expect(throws: DebugError.self) { try await session.step() }
    session.pause()
    await #expect(throws: DebugError.self) { try await session.step() }  // nothing to step
    session.type(".increment")
    #expect(session.rendered("count") == "0")
    guard case .reduced = try await session.step() else {
      Issue.record("expected the queued increment to be reduced")
      return
    }
    #expect(session.rendered("count") == "1")
  }

  private func expectIdle(_ session: any DebugSession, sourceLocation: SourceLocation = #_sourceLocation) async {
    let outcome = await session.wait(timeout: hangGuard)
    #expect(outcome == .idle, sourceLocation: sourceLocation)
  }
}
