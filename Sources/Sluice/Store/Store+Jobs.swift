extension Store {
  /// Creates a job and starts it, unless the monitor holds it.
  func schedule(
    kind: JobKind, name: String, parent: ActionContext, scopes: [CancellationScope],
    body: @escaping JobRecord<State, Action>.Body, handler: JobRecord<State, Action>.ErrorHandler? = nil,
    placement: JobPlacement = .offStoreActor, onEnd: ((JobStatus) -> Void)? = nil
  ) {
    let id = JobID(nextJobNumber)
    nextJobNumber += 1
    let info = JobInfo(
      id: id, name: name, kind: kind, parent: parent,
      cancellationIDs: scopes.reversed().map(\.id), status: .pending)
    let record = JobRecord(
      info: info, scopes: scopes, body: body, handler: handler, placement: placement, onEnd: onEnd, store: self)
    jobRecords[id] = record
    for scope in scopes { scope.add(id) }
    // A subscription lasts as long as the store: waiting for it would never end.
    if kind != .subscription { tracker.jobBegan(root: parent.root) }
    if let monitor {
      monitor.store(didReport: .jobScheduled(info))
      if monitor.shouldHold(info) {
        record.isHeld = true
        return
      }
    }
    launch(record)
  }

  /// A job that waits `interval` on the store's clock.
  func scheduleTimer(
    named name: String, for interval: Duration, parent: ActionContext,
    scopes: [CancellationScope], onEnd: @escaping (JobStatus) -> Void
  ) {
    schedule(
      kind: .timer, name: name, parent: parent, scopes: scopes,
      body: Self.sleep(on: clock, until: interval), onEnd: onEnd)
  }

  /// A sleep until `interval` after now, the deadline fixed at once: the timer's task may
  /// start later, and under a controlled clock time may move before it does.
  private static func sleep<C: Clock<Duration>>(
    on clock: C, until interval: Duration
  ) -> @Sendable (Send<Action>) async throws -> Void {
    let deadline = clock.now.advanced(by: interval)
    return { _ in try await clock.sleep(until: deadline, tolerance: nil) }
  }

  /// Asks each middleware from `start` on what to do about an action just reduced, and
  /// performs what they answer, their jobs marked as theirs.
  @usableFromInline func performMiddleware(for action: Action, context: ActionContext, from start: Int) {
    var start = start
    while let (index, work) = middlewareChain?.firstWork(from: start, for: action, in: storage.state.pointee) {
      perform(middleware[index].markedAsOwn(work), context: context, scopes: [], onEnd: nil)
      start = index + 1
    }
  }

  /// Starts a job's task, through the monitor when there is one (which may give the task
  /// task-local values). Its body runs off the store's actor unless it asked for the actor;
  /// the task posts into the store's mailbox that it started, what it sends, and how it ended.
  ///
  /// Under a monitor (a debugger session, a `TestStore`: where time is controlled) the task
  /// is made knowing its job (``RunningJob``; a task copies its creator's task-local values),
  /// so a ``ManualClock`` wakes sleeps due together in the order their jobs were scheduled.
  /// A plain store's jobs skip that: it costs two allocations a job (benchmark 11).
  func launch(_ record: JobRecord<State, Action>) {
    let isMainActor = mailbox.isMainActor
    let task =
      if let monitor {
        RunningJob.$id.withValue(record.info.id) {
          monitor.store(launching: record.info) { record.start(isMainActor: isMainActor) }
        }
      } else {
        record.start(isMainActor: isMainActor)
      }
    // A job started on the store's actor may have ended before its task was returned.
    if jobRecords[record.info.id] != nil {
      taskHandles.insert(task, for: record.info.id)
    }
  }

  func markStarted(_ id: JobID) {
    guard let record = jobRecords[id] else { return }
    record.info.status = .running
    monitor?.store(didReport: .jobStarted(record.info))
  }

  /// Receives an action sent by a job, as the mailbox takes it in: queued after the job's
  /// parent, or dropped if the job was cancelled before the store took it in, or has ended.
  func receive(_ action: Action, from id: JobID) {
    guard let record = jobRecords[id] else {
      monitor?.store(didReport: .dropped(action, .jobEnded(id)))
      return
    }
    guard !record.isCancelled else {
      monitor?.store(didReport: .dropped(action, .jobCancelled(id)))
      return
    }
    monitor?.store(didReport: .jobSent(action, record.info))
    if record.info.kind == .subscription {
      enqueue(action, fromSubscription: id)
    } else {
      enqueue(action, causedBy: record.info.parent, origin: .job(id))
    }
  }

  /// Records a job's end, reports it and continues whatever waited for it.
  func end(_ id: JobID, status: JobStatus) {
    guard let record = jobRecords.removeValue(forKey: id) else { return }
    taskHandles.remove(id)
    for scope in record.scopes { scope.remove(id) }
    record.info.status = record.isCancelled && status == .finished ? .cancelled : status
    if case .failed(let message) = record.info.status, monitor == nil {
      reportUnhandledFailure(of: record.info, message: message)
    }
    monitor?.store(didReport: .jobEnded(record.info))
    record.onEnd?(record.info.status)
    if record.info.kind != .subscription { tracker.jobEnded(root: record.info.parent.root) }
  }

  /// An error nobody handled must not vanish: without a monitor to hear about it, it goes to
  /// standard error.
  private func reportUnhandledFailure(of job: JobInfo, message: String) {
    reportToStandardError("sluice: \(job.kind.rawValue) job '\(job.name)' \(job.id) failed: \(message)")
  }
}
