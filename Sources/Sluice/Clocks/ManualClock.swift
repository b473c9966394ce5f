import Foundation

/// A clock whose time moves only when told to: the controllable clock for tests, scripts and
/// the debugger.
///
/// Sleeps wait until ``advance(by:)`` or ``advance(to:)`` moves time past their deadline.
/// Unlike a test clock that only wakes what is already asleep, it counts its sleepers
/// (``sleeperCount``), so a caller that knows how many jobs are running can wait until all
/// of them are parked on the clock before it moves time. `Store`-aware advancing built on
/// that lives in the debugger.
///
/// Sleeps due at the same instant wake in the order their store jobs were scheduled, not in
/// the order their tasks happened to begin sleeping, so that waking them one at a time
/// (``wakeNext(notAfter:)``) gives the same outcome on every run. That holds for the jobs of
/// a store with a monitor (every debugger session and `TestStore`), whose tasks know their
/// job; other sleeps due together wake in the order they began.
public final class ManualClock: Clock, @unchecked Sendable {
  // `@unchecked Sendable` is sound: every mutable property is read and written only while
  // holding `lock`, and continuations are resumed after the lock is released.

  /// A point on a manual clock: the time elapsed since the clock was made.
  public struct Instant: InstantProtocol, Hashable, Sendable, Codable {
    /// Time since the clock's start.
    public var offset: Duration

    /// Creates an instant `offset` after the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` after this one.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this instant to `other`, negative when `other` is earlier.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    /// The job that slept, if a monitored store's job did: of sleeps due at once, the job
    /// scheduled first wakes first.
    let job: JobID?
    let continuation: CheckedContinuation<Void, any Error>

    /// Whether this sleep wakes before `other`: the earlier deadline, then (at the same
    /// instant) the job scheduled first, sleeps outside any job after those of jobs, then
    /// the sleep that began first.
    func wakes(before other: Sleeper) -> Bool {
      let jobOrder = job?.rawValue ?? .max
      let otherJobOrder = other.job?.rawValue ?? .max
      return (deadline, jobOrder, id) < (other.deadline, otherJobOrder, other.id)
    }
  }

  private let lock = NSLock()
  private var current: Instant
  private var sleepers: [Sleeper] = []
  private var nextSleeperID: UInt64 = 0
  /// Callers of `waitForSleepers`, with the count each waits for.
  private var sleeperWaiters: [(id: UInt64, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  private var nextWaiterID: UInt64 = 0

  /// Creates a clock at `now`, the start by default.
  public init(now: Instant = Instant()) {
    current = now
  }

  /// The clock's current instant; it moves only with `advance(by:)` and `advance(to:)`.
  public var now: Instant { lock.withLock { current } }

  /// Zero: a manual clock wakes a sleep at exactly its deadline.
  public var minimumResolution: Duration { .zero }

  /// How many sleeps are waiting for time to move.
  public var sleeperCount: Int { lock.withLock { sleepers.count } }

  /// The earliest deadline a sleep is waiting for, if any.
  public var nextDeadline: Instant? {
    lock.withLock { sleepers.map(\.deadline).min() }
  }

  /// Suspends until the clock is advanced to `deadline` or past it; returns at once when it
  /// already is, and throws `CancellationError` when the task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let job = RunningJob.id
    let id = lock.withLock {
      nextSleeperID += 1
      return nextSleeperID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        enum Outcome { case due, cancelled, sleeping }
        let (outcome, satisfied) = lock.withLock { () -> (Outcome, [CheckedContinuation<Void, Never>]) in
          // Cancellation may have come before this registration, when the handler below
          // found nothing to remove: checked under the lock, it cannot slip between the two.
          if Task.isCancelled { return (.cancelled, []) }
          if deadline <= current { return (.due, []) }
          sleepers.append(Sleeper(id: id, deadline: deadline, job: job, continuation: continuation))
          return (.sleeping, takeSatisfiedWaiters())
        }
        switch outcome {
        case .due: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .sleeping: break
        }
        for waiter in satisfied { waiter.resume() }
      }
    } onCancel: {
      let cancelled = lock.withLock { () -> Sleeper? in
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Suspends until at least `count` sleeps are waiting on the clock, or the task is
  /// cancelled.
  ///
  /// A test that starts work which will sleep calls this before moving time, so the move
  /// cannot happen before the sleep is registered, whatever the scheduling.
  public func waitForSleepers(_ count: Int) async {
    let id = lock.withLock {
      nextWaiterID += 1
      return nextWaiterID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready: Bool = lock.withLock {
          if sleepers.count >= count || Task.isCancelled { return true }
          sleeperWaiters.append((id, count, continuation))
          return false
        }
        if ready { continuation.resume() }
      }
    } onCancel: {
      let cancelled = lock.withLock { () -> CheckedContinuation<Void, Never>? in
        guard let index = sleeperWaiters.firstIndex(where: { $0.id == id }) else { return nil }
        return sleeperWaiters.remove(at: index).continuation
      }
      cancelled?.resume()
    }
  }

  /// Removes and returns the waiters whose count is reached; call with the lock held.
  private func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
    let count = sleepers.count
    let satisfied = sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
    sleeperWaiters.removeAll { $0.count <= count }
    return satisfied
  }

  /// Moves time to the earliest deadline a sleep waits for, if that is no later than
  /// `limit`, and wakes that one sleep alone: of sleeps due at the same instant, the one whose
  /// store job was scheduled first (then the one that began first). Waking them one at a
  /// time, and letting each woken task run before the next, makes the order of simultaneous
  /// wake-ups the same on every run, whichever job's task happened to reach its sleep first.
  ///
  /// - Returns: Whether a sleep was woken.
  public func wakeNext(notAfter limit: Instant) -> Bool {
    let woken: Sleeper? = lock.withLock {
      guard let next = sleepers.indices.min(by: { sleepers[$0].wakes(before: sleepers[$1]) }),
        sleepers[next].deadline <= limit
      else { return nil }
      current = max(current, sleepers[next].deadline)
      return sleepers.remove(at: next)
    }
    woken?.continuation.resume()
    return woken != nil
  }

  /// Moves time forward by `duration`, waking every sleep whose deadline it reaches, in
  /// deadline order.
  public func advance(by duration: Duration) {
    advance(to: now.advanced(by: duration))
  }

  /// Moves time to `deadline` (never backwards), waking every sleep whose deadline it
  /// reaches, in deadline order (at one instant, in the order of ``wakeNext(notAfter:)``).
  public func advance(to deadline: Instant) {
    let woken: [Sleeper] = lock.withLock {
      current = max(current, deadline)
      let due = sleepers.filter { $0.deadline <= current }.sorted { $0.wakes(before: $1) }
      sleepers.removeAll { $0.deadline <= current }
      return due
    }
    for sleeper in woken { sleeper.continuation.resume() }
  }
}
