import Sluice

/// What more than one part does: each keeps the store and the recorder in step as the
/// session routing does.
extension SessionPart {
  /// Makes `newState` the store's state outside any action (a jump, a toggle, a load),
  /// reports it with what changed, and has the watchpoints see it as their new start.
  func replaceState(with newState: State, reason: String) {
    let oldState = store.state
    store.replaceState(with: newState)
    // `set diff off` is for speed and quiet: no diff of the whole state either.
    let diff = options.diffDisplay == .off ? nil : redaction.masking(StateDiff(from: oldState, to: newState))
    emit(.stateReplaced(reason: reason, diff: diff))
    session.watches.rebase(on: newState, breakpoints: breakpointList.all)
  }

  /// How `entry`'s replay, from the state recorded before it and fed what it read, differs
  /// from the state recorded after it, and why; `nil` when it gives that state, or is
  /// skipped.
  func divergence(of entry: History<State, Action>.Entry, command: String) -> ReplayDivergence? {
    guard !entry.isSkipped else { return nil }
    let (before, recorded) = history.states(around: entry.index)
    var replayed = before
    let reads = session.replayWithReads(&replayed, entry.action, entry.reads, false)
    guard replayed != recorded else { return nil }
    let diff = redaction.masking(StateDiff(from: recorded, to: replayed))
    let action = describer.describe(entry.action)
    return ReplayDivergence(
      command: command, index: entry.index, action: action, paths: diff.changedPaths, diff: diff,
      cause: .likeliest(at: entry.index, action: action, replays: [(entry.index, action, reads)], stateBefore: before))
  }

  /// Moves virtual time forward to `instant` for a command other than `advance`, and
  /// reports the move: a command that moves time says so. Never backwards.
  func moveVirtualTime(to instant: ManualClock.Instant) {
    guard let manualClock, manualClock.now < instant else { return }
    let from = manualClock.now.offset
    manualClock.advance(to: instant)
    emit(.timeAdvanced(from: from, to: manualClock.now.offset))
  }

  /// Wakes the sleep on virtual time due first, if it is due no later than `limit` (of
  /// sleeps due at the same instant, the one that began first), moving time to its
  /// deadline when that lies ahead, and reports the move. One at a time, as `advance`
  /// wakes them, so that simultaneous wake-ups come in the same order on every run.
  ///
  /// - Returns: Whether a sleep was woken.
  @discardableResult
  func wakeNextSleeper(notAfter limit: ManualClock.Instant) -> Bool {
    guard let manualClock else { return false }
    let from = manualClock.now.offset
    guard manualClock.wakeNext(notAfter: limit) else { return false }
    if manualClock.now.offset > from {
      emit(.timeAdvanced(from: from, to: manualClock.now.offset))
    }
    return true
  }

  /// Resumes the store and every held job; it runs until a breakpoint or until idle. A held
  /// job that job breakpoints were not yet asked about (it was scheduled while paused) is
  /// asked now: one that matches stays held, and the store stays paused.
  func continueRunning() {
    for id in recorder.scheduler.heldInArrivalOrder where recorder.scheduler.isUnchecked(id) {
      recorder.scheduler.markChecked(id)
      if let job = recorder.scheduler.knownJobs[id], session.stopsAtJobBreakpoint(job) {
        return
      }
    }
    for id in recorder.scheduler.heldInArrivalOrder {
      recorder.scheduler.unhold(id)
      store.release(id)
    }
    store.resume()
  }

  /// Jobs scheduled and not ended, with whether the session holds them.
  var jobList: [(job: JobInfo, isHeld: Bool)] {
    store.jobs.map { ($0, recorder.scheduler.heldJobs.contains($0.id)) }
  }

  /// The action type's cases, parameters and documentation, when it is `@Scriptable`.
  var actionDescription: ActionDescription? {
    (Action.self as Any.Type as? any ScriptableAction.Type)?.actionDescription
  }
}
