import Sluice

/// How a wait for the store to settle ended.
public enum WaitOutcome: Sendable, Equatable {
  /// Nothing queued, no job running.
  case idle
  /// The store is paused (a breakpoint, a watchpoint, the cycle detector).
  case paused
  /// Every running job waits on the virtual clock: only `advance` moves them on.
  case waitingForTime(jobs: [String])
  /// The timeout passed with these jobs still running.
  case timedOut(jobs: [String])
}

extension Runner {
  /// Decodes `text` as an action and sends it.
  @discardableResult
  func send(_ text: String, origin: EntryOrigin) throws(DebugError) -> SendOutcome {
    send(decoded: try decodeAction(parsing: text), origin: origin)
  }

  func send(_ action: ActionArgument, origin: EntryOrigin) throws(DebugError) -> SendOutcome {
    send(decoded: try decodeAction(action), origin: origin)
  }

  /// Sends an action already decoded: made from text, or taken from a history.
  @discardableResult
  func send(decoded action: Action, origin: EntryOrigin) -> SendOutcome {
    let recordedBefore = recorder.recordedCount
    recorder.pendingOrigin = origin
    session.specialised.send(store, action)
    recorder.pendingOrigin = nil
    // Stopped before it (a breakpoint, or already paused), the action waits in the queue:
    // nothing was recorded.
    return store.isPaused && recorder.recordedCount == recordedBefore ? .queued : .handled
  }

  /// Jobs that can make progress by themselves: not held by the session.
  var unheldJobs: [JobInfo] {
    store.jobs.filter { !recorder.scheduler.heldJobs.contains($0.id) }
  }

  /// How many jobs can make progress by themselves.
  var activeJobCount: Int { unheldJobs.count }

  /// Whether every job that could run is asleep on the virtual clock.
  var isParkedOnClock: Bool {
    guard let manualClock else { return false }
    return activeJobCount > 0 && activeJobCount <= manualClock.sleeperCount
  }

  /// Waits until the store is idle or paused, or every job is waiting for virtual time: the
  /// store's own work decides. `deadline` bounds it in real time (by default the session's
  /// wait limit, started again by every event), for a job that never settles by itself.
  /// Woken by the store's events and the clock's sleepers, never by polling.
  func waitUntilSettled(_ deadline: WaitDeadline? = nil) async -> WaitOutcome {
    var deadline = deadline ?? .quiet(for: options.waitLimit)
    while true {
      if store.isPaused { return .paused }
      if !store.hasWorkInFlight && !subscriptionsAreStarting { return .idle }
      if isParkedOnClock {
        // A sleep the clock has already reached (an `advance` stopped at a breakpoint
        // before waking it) is not waiting for time: wake it, and wait for what it does.
        guard let manualClock, wakeNextSleeper(notAfter: manualClock.now) else {
          return .waitingForTime(jobs: runningJobNames)
        }
        continue
      }
      if deadline.hasPassed {
        return store.hasWorkInFlight || subscriptionsAreStarting ? .timedOut(jobs: runningJobsNamed) : .idle
      }
      await session.changes.next(before: deadline.instant, sleepers: manualClock.map { ($0, activeJobCount) })
      if !deadline.hasPassed { deadline.noteProgress() }
    }
  }

  /// Whether a subscription has yet to reach the point where it waits. Subscriptions are
  /// never waited for as work, but one that has not started, or under virtual time is not
  /// yet asleep on the clock, must get there before time moves, or it would sleep from the
  /// wrong instant (its first tick would come late).
  var subscriptionsAreStarting: Bool {
    let subscriptions = store.jobs.filter { $0.kind == .subscription && !recorder.scheduler.heldJobs.contains($0.id) }
    guard !subscriptions.isEmpty else { return false }
    if let manualClock {
      return subscriptions.count > manualClock.sleeperCount
    }
    return subscriptions.contains { $0.status == .pending }
  }

  var runningJobNames: [String] { unheldJobs.map(\.name) }

  /// The jobs not held, each named with its id (`fetch #3`), for a timeout's report: the
  /// user can then find them in `info jobs`.
  var runningJobsNamed: [String] { unheldJobs.map { "\($0.name) \($0.id)" } }

  /// Moves virtual time forward by `duration`, one deadline at a time, letting the jobs each
  /// deadline wakes run until they finish or sleep again before moving on. Stops early when
  /// the store pauses.
  ///
  /// - Returns: The time on the virtual clock afterwards.
  func advance(by duration: Duration) async throws(DebugError) -> Duration {
    guard let manualClock else {
      let hint = options.virtualClockHint.map { ": " + $0 } ?? " (this session runs on the real clock)"
      throw DebugError("advance needs virtual time" + hint)
    }
    guard duration >= .zero else { throw DebugError("cannot advance by a negative duration") }
    guard SessionTime.fits(manualClock.now.offset + duration) else {
      throw DebugError("cannot advance by \(DurationText.format(duration)): virtual time would pass what a session file holds (about 292 years)")
    }
    let target = manualClock.now.advanced(by: duration)
    try await settleForAdvance(toward: target)
    // One sleep at a time, each woken job settling before the next wakes: jobs due at the
    // same instant run in the order they went to sleep, on every run.
    while !store.isPaused, manualClock.wakeNext(notAfter: target) {
      try await settleForAdvance(toward: target)
    }
    if !store.isPaused {
      manualClock.advance(to: target)
      try await settleForAdvance(toward: target)
    }
    return manualClock.now.offset
  }

  /// Waits for what `advance` woke to settle; a job that shows no sign of life for the wait
  /// limit stops the advance where it is, as an error naming it, rather than moving time
  /// under a job that has not gone back to sleep.
  private func settleForAdvance(toward target: ManualClock.Instant) async throws(DebugError) {
    guard case .timedOut(let jobs) = await waitUntilSettled() else { return }
    let now = DurationText.format(manualClock?.now.offset ?? .zero)
    let limit = DurationText.format(limit: options.waitLimit)
    throw DebugError(
      "advance stopped at \(now) of \(DurationText.format(target.offset)): still running after the wait limit (\(limit)) "
        + "of real time with no progress: \(jobs.joined(separator: ", ")) (raise it with `set wait limit`)")
  }

}
