import Dependencies
import Foundation
import Sluice
import SluiceDebugger
import SluiceDebuggerDependencies
import Testing

/// Two jobs sleep until the same instant; an `advance` wakes the first, whose action stops at
/// a breakpoint, and the second is left asleep at a deadline the clock has reached (issue 45:
/// stepping a held job then spun for ever, moving time to where it already was).
@MainActor
@Suite struct DueSleeperTests {
  struct Chimes: Reducer {
    struct State: Codable, Equatable, Sendable { var chimes: [Int] = []; var late = false }
    enum Action: Codable, Equatable, Sendable { case ring, chime(Int), later, late }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .ring:
        return .merge(
          .run(name: "chime1") { send in
            @Dependency(\.continuousClock) var clock
            try await clock.sleep(for: .seconds(1))
            await send(.chime(1))
          },
          .run(name: "chime2") { send in
            @Dependency(\.continuousClock) var clock
            try await clock.sleep(for: .seconds(1))
            await send(.chime(2))
          })
      case .chime(let number):
        state.chimes.append(number)
        return .none
      case .later:
        return .run(name: "later") { send in
          @Dependency(\.continuousClock) var clock
          try await clock.sleep(for: .seconds(5))
          await send(.late)
        }
      case .late:
        state.late = true
        return .none
      }
    }
  }

  static let registry = FeatureRegistry([
    Feature("chimes", summary: "Two chimes due at once", initialState: Chimes.State(), dependencies: { _ in }) { _ in Chimes() }
  ])

  /// A session on virtual time (the jobs sleep on the session's clock, read through
  /// swift-dependencies), stopped by a breakpoint on `.chime(1)` while `chime2` sleeps
  /// until the instant the clock shows.
  func sessionStoppedBetweenTheChimes() async throws -> any DebugSession {
    let session = try Debugger(registry: Self.registry, options: .forTests(usesVirtualClock: true)).use("chimes")
    session.running.type(".ring")
    _ = try session.breakpointControl.addBreakpoint(.action(pattern: "chime", condition: nil), isOneShot: true, ignoreCount: 0)
    _ = try await session.running.advance(by: .seconds(1))
    #expect(session.inspection.status == .paused)
    #expect(session.inspection.elapsedTime == .seconds(1))
    return session
  }

  @Test func steppingAHeldJobWakesTheSleepAlreadyDue() async throws {
    let session = try await sessionStoppedBetweenTheChimes()
    session.running.type(".later")
    // Reduces the stopped chime: of two sleeps due at once, the first scheduled woke first.
    guard case .reduced(let first) = try await session.running.step() else {
      Issue.record("the first step did not reduce the stopped chime")
      return
    }
    #expect(first.action == ".chime(1)")
    _ = try await session.running.step()  // reduces .later: its job is held
    let report = try await withTimeout(hangGuard) { try await session.running.step() }
    guard case .ranJob(let job, let sent)? = report else {
      Issue.record("stepping the held job: \(String(describing: report))")
      return
    }
    #expect(job.name == "later")
    #expect(sent == [".late"])
    #expect(session.inspection.elapsedTime == .seconds(6))  // `.later` was sent at 1 s
    // The other chime, due when the job was stepped, woke first: it was queued first.
    session.running.continueRunning()
    _ = try await withTimeout(hangGuard) { await session.running.wait(timeout: nil) }
    #expect(session.inspection.history(last: 2).map(\.action) == [".chime(2)", ".late"])
  }

  @Test func continueWakesTheSleepAlreadyDue() async throws {
    let session = try await sessionStoppedBetweenTheChimes()
    session.running.continueRunning()
    let outcome = try await withTimeout(hangGuard) { await session.running.wait(timeout: nil) }
    #expect(outcome == .idle)
    #expect(session.inspection.rendered("chimes") == "[1, 2]")
    #expect(session.inspection.elapsedTime == .seconds(1))
  }

  /// Sleeps due at once wake in the order their jobs were scheduled, whichever task began
  /// to sleep first (issue 45: a save and a load of the profile example, due together, ended
  /// either way, so two sessions of the history-limit model test disagreed one run in five).
  /// Each session leaves the two jobs' tasks to race to their sleeps; all of them agree.
  @Test func sleepsDueTogetherWakeInTheOrderTheirJobsWereScheduled() async throws {
    for _ in 0..<20 {
      let session = try Debugger(registry: Self.registry, options: .forTests(usesVirtualClock: true)).use("chimes")
      session.running.type(".ring")
      _ = try await session.running.advance(by: .seconds(1))
      #expect(session.inspection.rendered("chimes") == "[1, 2]")
    }
  }
}
