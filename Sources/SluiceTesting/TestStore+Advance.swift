import Sluice
import Testing

extension TestStore {
  /// Moves the store's `ManualClock` by `duration` as the debugger's `advance` moves virtual
  /// time: whenever every running job waits on the clock (or has ended), time moves to the
  /// next deadline within `duration`, so a job that sleeps again inside it runs again, and
  /// the actions jobs send on the way are reduced in order. Then `receive` them.
  ///
  /// A job that waits on something other than the clock for longer than ``timeout`` is left
  /// waiting, and time moves on.
  ///
  /// - Parameters:
  ///   - duration: How far to move time.
  ///   - sourceLocation: Where an issue is recorded, when the store's clock is not a
  ///     `ManualClock`.
  public func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async {
    guard let clock = manualClock else {
      Issue.record("advance(by:) moves a ManualClock: make the store with one", sourceLocation: sourceLocation)
      return
    }
    let target = clock.now.advanced(by: duration)
    while true {
      await waitUntilJobsWait(on: clock)
      guard let next = clock.nextDeadline, next <= target else { break }
      clock.advance(to: next)
    }
    clock.advance(to: target)
  }

  /// Waits until every running job sleeps on `clock` or has ended, woken by the clock's
  /// sleepers and the store's events, never by polling; gives up after ``timeout``.
  private func waitUntilJobsWait(on clock: ManualClock) async {
    while true {
      let running = store.jobs.count
      if running == 0 || clock.sleeperCount >= running { return }
      let recorder = self.recorder
      let sleepers = Task { @MainActor in
        await clock.waitForSleepers(running)
        recorder.wakeWaiters()
      }
      let store = self.store
      let moved = await recorder.wait(
        until: { store.jobs.count != running || clock.sleeperCount >= running }, timeout: timeout)
      sleepers.cancel()
      if !moved { return }
    }
  }
}
