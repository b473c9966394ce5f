import ExampleRegistry
import Foundation
import Sluice
import SluiceDebugger
import Testing

/// What an independent model checker found wrong with time travel, each seen failing on
/// 5892525 and named after the behaviour that must hold.
@MainActor
@Suite struct ModelCheckerFindingsTests {
  @Test func aSmallerHistoryLimitWhileTravelledKeepsThePosition() throws {
    let session = try makeDebugger().use("counter")
    for _ in 0..<40 { session.running.type(".increment") }
    try session.timeTravel.jump(to: 5)
    session.inspection.historyLimit = 2
    #expect(session.inspection.rendered("count") == "5")

    // The next action forks at #5, from the state shown.
    session.running.type(".increment")
    #expect(session.inspection.rendered("count") == "6")

    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("limit.sluice-session").path
    try session.files.save(to: file)
    let reloaded = try makeDebugger().use("counter")
    let report = try reloaded.files.load(from: file)
    #expect(report.divergence == nil)
    #expect(reloaded.inspection.rendered("count") == "6")
  }

  /// Found by `HistoryLimitModelTests` (temperature, seed 3): a session under a history
  /// limit saves the folded state as its file's base, and `reset` after loading the file
  /// returned there, not to the feature's initial state that the session it was saved from
  /// returns to.
  @Test func resetAfterLoadingALimitedSessionReturnsWhereTheSavedSessionDid() throws {
    let session = try makeDebugger(historyLimit: 2).use("counter")
    for _ in 0..<50 { session.running.type(".increment") }
    #expect(session.inspection.history(last: nil).count < 50)
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("limited.sluice-session").path
    try session.files.save(to: file)

    for historyLimit in [2, 100] {
      let reloaded = try makeDebugger(historyLimit: historyLimit).use("counter")
      _ = try reloaded.files.load(from: file)
      #expect(reloaded.inspection.rendered("count") == "50")
      reloaded.timeTravel.reset()
      #expect(reloaded.inspection.rendered("count") == "0", "history limit \(historyLimit)")
    }

    // After a commit, reset returns to the committed state, saved or not.
    session.timeTravel.commit()
    session.running.type(".increment")
    session.running.type(".increment")
    session.running.type(".increment")
    try session.files.save(to: file)
    let committed = try makeDebugger(historyLimit: 2).use("counter")
    _ = try committed.files.load(from: file)
    committed.timeTravel.reset()
    #expect(committed.inspection.rendered("count") == "50")
  }

  @Test func aSessionSavedAfterAJumpLoadsUnderASmallerHistoryLimit() throws {
    let session = try makeDebugger().use("counter")
    for _ in 0..<40 { session.running.type(".increment") }
    try session.timeTravel.jump(to: 5)
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("jumped.sluice-session").path
    try session.files.save(to: file)

    let reloaded = try makeDebugger(historyLimit: 2).use("counter")
    let report = try reloaded.files.load(from: file)
    #expect(report.divergence == nil)
    #expect(reloaded.inspection.rendered("count") == "5")
    reloaded.running.type(".increment")
    #expect(reloaded.inspection.rendered("count") == "6")
  }

  /// Found with `reset`, which now leaves the session running (issue 27); `load` restarts
  /// the subscriptions of a paused session the same way.
  ///
  /// It once sent a tick now and then (issue 45): stepping a held job asked twice whether
  /// everything runnable slept on virtual time, once to stop for a subscription and once to
  /// move time for any other job; the subscription's task, running off the main actor, could
  /// go to sleep between the two asks, and time moved for it. Repeated, so that the
  /// interleaving comes up on every run.
  @Test func stepAfterPauseAndLoadRunsTheRestartedSubscriptionUntilItSleeps() async throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("stopwatch.sluice-session").path
    for round in 0..<300 {
      for stepper in ["step", "next"] {
        let session = try makeDebugger().use("stopwatch")
        try session.files.save(to: file)
        session.running.type(".start")
        session.running.pause()
        _ = try session.files.load(from: file)
        // The restarted subscription's job is held. Stepping runs it until it sleeps on
        // virtual time, which does not move for it: it sends no tick. (The limit only keeps
        // a hang from stalling the run.)
        let reports = try await withTimeout(hangGuard) {
          stepper == "step" ? [try await session.running.step()] : try await session.running.next()
        }
        let sent = (reports ?? []).flatMap { report -> [String] in
          if case .ranJob(_, let sent) = report { sent } else { [] }
        }
        #expect(reports?.count == 1, "\(stepper): \(String(describing: reports))")
        #expect(sent.isEmpty, "round \(round), \(stepper) moved virtual time: the subscription sent \(sent.count) ticks")
        #expect(session.inspection.elapsedTime == .zero, "round \(round), \(stepper) moved virtual time")
        #expect(session.inspection.status == .paused)
        if !sent.isEmpty || session.inspection.elapsedTime != .zero { return }
      }
    }
  }

  /// Issue 27: `reset` left the store paused; like gdb's `run`, it starts afresh, running.
  @Test func resetAfterAPauseLeavesTheSessionRunning() async throws {
    let session = try makeDebugger().use("counter")
    session.running.type(".increment")
    session.running.pause()
    session.running.type(".increment")
    #expect(session.inspection.status == .paused)
    session.timeTravel.reset()
    #expect(session.inspection.status != .paused)
    session.running.type(".increment")
    #expect(session.inspection.rendered("count") == "1")
  }

  /// Found by `HistoryLimitModelTests` (the ticks never came, and `wait` ran to its limit).
  @Test func aSubscriptionHeldWhilePausedRunsAfterTimeTravelAndContinue() async throws {
    let session = try makeDebugger().use("stopwatch")
    session.running.type(".start")
    session.running.type(".clear")
    session.running.pause()
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("stopwatch.sluice-session").path
    try session.files.save(to: file)
    _ = try session.files.load(from: file)  // restarts the subscription, held while paused
    _ = try session.timeTravel.toggle(2)
    session.running.continueRunning()
    _ = try await session.running.advance(by: .seconds(1))
    #expect(session.inspection.history(last: nil).map(\.action).contains(".tick"))
  }

  @Test func timeTravelForgetsTheAbandonedTimelinesThrottleWindow() async throws {
    for travel in ["reset", "jump 0", "toggle 1"] {
      let session = try makeDebugger().use("search")
      session.running.type(#".queryChanged("ap")"#)
      _ = try await session.running.advance(by: .seconds(1))
      // The refresh searches at once and opens a one-second window.
      session.running.type(".refresh")
      _ = try await session.running.advance(by: .milliseconds(10))
      switch travel {
      case "reset": session.timeTravel.reset()
      case "jump 0": try session.timeTravel.jump(to: 0)
      default: _ = try session.timeTravel.toggle(1)
      }
      session.running.type(#".queryChanged("ap")"#)
      let before = session.inspection.history(last: nil).count
      session.running.type(".refresh")
      // The window belonged to the abandoned timeline: this refresh searches at once too.
      _ = try await session.running.advance(by: .milliseconds(1))
      let after = session.inspection.history(last: nil).map(\.action)
      #expect(after.dropFirst(before).contains(".search"), "after \(travel): \(after)")
    }
  }

  @Test func reductionsFoldedBeforeTheyAreReportedAreReported() async throws {
    let session = try makeDebugger(historyLimit: 1).use("pingpong")
    session.running.type(".ping")
    let first = reductions(in: session.inspection.takeEvents()).map(\.index)
    // The burst reduces more entries than the history keeps before it folds them.
    _ = try await session.running.advance(by: .seconds(1))
    let reported = first + reductions(in: session.inspection.takeEvents()).map(\.index)
    let last = reported.last ?? 0
    #expect(last > 2 * 32, "\(reported)")
    // Every entry is reported, once, in order, though most were folded before being taken.
    #expect(reported == Array(1...max(last, 1)), "\(reported)")
  }
}

/// The value of `operation`, or `nil` when it has not returned within `limit` of real time:
/// a guard so that a hang fails the test instead of stalling the run, not a timing check.
/// The operation is left running when the limit passes first.
@MainActor
func withTimeout<Value: Sendable>(
  _ limit: Duration, _ operation: @escaping @MainActor () async throws -> Value
) async throws -> Value? {
  let race = Race<Value>()
  let result = await withCheckedContinuation { continuation in
    race.continuation = continuation
    Task { @MainActor in
      do { race.finish(.success(try await operation())) } catch { race.finish(.failure(error)) }
    }
    Task { @MainActor in
      try? await Task.sleep(for: limit)
      race.finish(nil)
    }
  }
  return try result?.get()
}

/// Whichever of an operation and a deadline finishes first resumes the waiter, once.
@MainActor
private final class Race<Value: Sendable> {
  var continuation: CheckedContinuation<Result<Value, any Error>?, Never>?

  func finish(_ result: Result<Value, any Error>?) {
    continuation?.resume(returning: result)
    continuation = nil
  }
}
