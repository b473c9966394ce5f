import Foundation
import Sluice

/// Wakes whoever waits for a session to move on: every store event notifies it, and a
/// waiter can also ask to be woken when enough jobs sleep on the virtual clock, or at a
/// real-time deadline. Waiting is event-driven: nothing polls.
@MainActor
@usableFromInline
final class ChangeSignal {
  /// Read on every store event: unchecked for exclusivity, as the session's state is (on
  /// the main actor; `notify` takes the list before resuming anyone).
  @exclusivity(unchecked) private var waiters: [CheckedContinuation<Void, Never>] = [] {
    didSet { hasWaiters = !waiters.isEmpty }
  }
  /// Whether anyone waits: what every event asks, answered without a call.
  @usableFromInline @exclusivity(unchecked) private(set) var hasWaiters = false

  /// Wakes every waiter.
  @inlinable func notify() {
    if hasWaiters { wakeWaiters() }
  }

  @usableFromInline func wakeWaiters() {
    let woken = waiters
    waiters.removeAll()
    for waiter in woken { waiter.resume() }
  }

  /// Suspends until the next ``notify()``, until `sleepers.count` sleeps wait on
  /// `sleepers.clock`, or until `deadline` (if any), whichever comes first. The caller checks
  /// its condition again afterwards.
  func next(before deadline: ContinuousClock.Instant?, sleepers: (clock: ManualClock, count: Int)? = nil) async {
    let timer = deadline.map { deadline in
      Task { [weak self] in
        // Cancelled (the wait ended first), it wakes nobody: a wake-up from a timer that
        // did not fire would read as progress and start a quiet deadline again, for ever.
        guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else { return }
        self?.notify()
      }
    }
    let sleeperWatch = sleepers.map { clock, count in
      Task { [weak self] in
        await clock.waitForSleepers(count)
        if !Task.isCancelled { self?.notify() }
      }
    }
    await next()
    timer?.cancel()
    sleeperWatch?.cancel()
  }

  /// Suspends until the next ``notify()``, or until the calling task is cancelled.
  func next() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if Task.isCancelled {
          continuation.resume()
        } else {
          waiters.append(continuation)
        }
      }
    } onCancel: {
      // Wakes every waiter: each checks its own condition again, so a spurious wake-up is
      // harmless, and the cancelled one returns.
      Task { @MainActor [weak self] in self?.notify() }
    }
  }
}
