import Clocks
import Foundation
import Testing

/// A `TestClock` that counts the sleeps on it, so a test can wait until the work it started
/// is actually asleep before it moves time.
///
/// `TestClock.advance` wakes only the sleeps already registered, and computes nothing for
/// the ones that register later: a sleep that arrives after time moved starts counting from
/// the new time. Work started by an action reaches its sleep after several hops (the job's
/// task on the main actor, a middleware, an actor-isolated service, the clock), and on a
/// busy machine the `megaYield` inside `advance` is not always long enough for that. Waiting
/// for the sleep makes the ordering certain instead of likely.
///
/// Pass it wherever a `TestClock` would go: to the reducer, the in-memory services and the
/// test store.
final class CountingTestClock: Clock, @unchecked Sendable {
  // `@unchecked Sendable` is sound: `base` is itself Sendable, and the only mutable state,
  // the two counters, is read and written exclusively inside `lock.withLock`.
  typealias Duration = Swift.Duration
  typealias Instant = TestClock<Duration>.Instant

  private let base = TestClock()
  private let lock = NSLock()
  private var activeSleeps = 0
  private var startedSleeps = 0

  var now: Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    lock.withLock {
      activeSleeps += 1
      startedSleeps += 1
    }
    defer { lock.withLock { activeSleeps -= 1 } }
    // `TestClock.sleep` registers the sleep before its first suspension, with no await in
    // between, so by the time `advance` has yielded the count and the registration agree.
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  /// Moves time forward, waking the sleeps whose deadline it passes.
  func advance(by duration: Duration) async {
    await base.advance(by: duration)
  }

  /// Suspends until exactly `active` sleeps are in progress and, if given, `started` sleeps
  /// have begun since the clock was made (which tells a new sleep from a cancelled one that
  /// has not yet unwound). Records an issue instead of hanging if that does not happen within
  /// ``hangGuard`` of real time.
  func waitForSleeps(
    active: Int, started: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let deadline = ContinuousClock.now + hangGuard
    while true {
      let (currentActive, currentStarted) = lock.withLock { (activeSleeps, startedSleeps) }
      if currentActive == active, started.map({ $0 == currentStarted }) ?? true { return }
      if ContinuousClock.now > deadline {
        let expectedStarted = started.map { " and \($0) started" } ?? ""
        Issue.record(
          """
          Expected \(active) sleep(s) in progress\(expectedStarted); found \(currentActive) in \
          progress and \(currentStarted) started.
          """,
          sourceLocation: sourceLocation)
        return
      }
      await Task.yield()
    }
  }
}
