import Sluice

/// What one `step` did.
public enum StepReport: Sendable {
  /// Reduced the action at the head of the queue.
  case reduced(HistoryRecord)
  /// Ran a held job to its end; `sent` lists the actions it sent, now queued.
  case ranJob(JobInfo, sent: [String])
  /// The action at the head of the queue was stopped again (a breakpoint) or dropped (the
  /// cycle detector); stepping again moves on.
  case stoppedAgain
}

extension Runner {
  /// Performs the oldest unit of work while paused: reduce the queued action at the head, or
  /// run the oldest held job to its end (moving virtual time as far as it needs).
  func step() async throws(DebugError) -> StepReport {
    guard store.isPaused else {
      throw DebugError("the store is not paused: use `pause` or a breakpoint first")
    }
    guard let unit = recorder.scheduler.oldestUnit(queueHead: store.queuedActions.first?.context.sequence) else {
      throw DebugError("nothing to step: no action queued and no job waiting")
    }
    switch unit {
    case .action:
      guard let reduced = store.step(), let entry = history.entry(history.lastIndex),
        entry.context.sequence == reduced.sequence
      else { return .stoppedAgain }
      return .reduced(describer.record(of: entry))
    case .job(let id):
      return await runHeldJob(id)
    }
  }

  /// Steps until everything the current action caused (its reduction, its jobs, and what
  /// they sent, transitively) is done, or until the first stop on the way (a breakpoint, a
  /// watchpoint, the cycle detector), as gdb's `next` does; stays paused.
  func next() async throws(DebugError) -> [StepReport] {
    guard store.isPaused else {
      throw DebugError("the store is not paused: use `pause` or a breakpoint first")
    }
    guard let unit = recorder.scheduler.oldestUnit(queueHead: store.queuedActions.first?.context.sequence),
      let root = root(of: unit)
    else {
      throw DebugError("nothing to step: no action queued and no job waiting")
    }
    var reports: [StepReport] = []
    let stopsBefore = recorder.events.stopCount
    while hasWork(inChainOf: root), recorder.events.stopCount == stopsBefore, reports.count < 10_000 {
      reports.append(try await step())
    }
    return reports
  }

  private func root(of unit: StepScheduler.Unit) -> UInt64? {
    switch unit {
    case .action(let sequence):
      store.queuedActions.first { $0.context.sequence == sequence }?.context.root
    case .job(let id):
      recorder.scheduler.knownJobs[id]?.parent.root
    }
  }

  private func hasWork(inChainOf root: UInt64) -> Bool {
    store.queuedActions.contains { $0.context.root == root }
      || recorder.scheduler.heldJobs.contains { recorder.scheduler.knownJobs[$0]?.parent.root == root }
  }

  /// Releases a held job and waits, woken by the store's events, until it ends; on virtual
  /// time, moves the clock to the next deadline whenever everything runnable sleeps, and
  /// says so.
  ///
  /// A subscription never ends: stepping it runs it until it sends an action or sleeps on
  /// virtual time, which does not move for it (the next `advance` or `continue` does).
  private func runHeldJob(_ id: JobID) async -> StepReport {
    recorder.scheduler.unhold(id)
    let queuedBefore = Set(store.queuedActions.map(\.context.sequence))
    guard let job = recorder.scheduler.knownJobs[id] else { return .stoppedAgain }
    let sentActions = {
      self.store.queuedActions.filter { !queuedBefore.contains($0.context.sequence) && $0.context.origin == .job(id) }
    }
    store.release(id)
    // Ends on the job's own work; the wait limit only bounds a job that shows no sign of
    // life (its report then says it is still running).
    var deadline = WaitDeadline.quiet(for: options.waitLimit)
    while store.jobs.contains(where: { $0.id == id }), !deadline.hasPassed {
      // Asked once: the job's task runs off the main actor and may go to sleep at any
      // moment, so a second ask could move time for a subscription the first let through.
      let isParked = isParkedOnClock
      if job.kind == .subscription, isParked || !sentActions().isEmpty { break }
      if isParked, let next = manualClock?.nextDeadline {
        // Everything runnable sleeps on virtual time: wake the sleep due first, moving
        // time to it if it lies ahead (it may not: an `advance` stopped at a breakpoint
        // leaves sleeps due at the instant it reached).
        wakeNextSleeper(notAfter: next)
      }
      await session.changes.next(before: deadline.instant, sleepers: manualClock.map { ($0, activeJobCount) })
      if !deadline.hasPassed { deadline.noteProgress() }
    }
    let sent = sentActions().map { describer.describe($0.action) }
    let ended = store.jobs.first { $0.id == id } ?? recorder.scheduler.takeEnded(id) ?? job
    return .ranJob(ended, sent: sent)
  }
}

/// One action in a backtrace.
public struct BacktraceFrame: Sendable, Equatable {
  /// The action, as typed.
  public let action: String
  /// Its case name without payload (`pong`, `todo.toggle`), as the cycle detector names it.
  public let caseName: String
  /// Its causal context.
  public let context: ActionContext
  /// Its history index; `nil` for the action queued but not yet reduced.
  public let index: Int?
  /// Who sent it, when known.
  public let origin: EntryOrigin?
}
