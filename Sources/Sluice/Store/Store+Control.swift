extension Store {
  /// Stops draining the queue: actions sent from now on wait until ``resume()`` or
  /// ``step()``. Jobs keep running; what they send waits too.
  public func pause() {
    guard !isPaused else { return }
    isPaused = true
    monitor?.store(didReport: .paused)
  }

  /// Pauses before `entry`, which has passed the cycle detector and the monitor once
  /// already, so that resuming or stepping reduces it without asking them again.
  @usableFromInline func pause(admitting entry: ActionQueue<Action>.Entry) {
    admittedSequence = entry.context.sequence
    pause()
  }

  /// Starts draining the queue again.
  public func resume() {
    guard isPaused else { return }
    isPaused = false
    monitor?.store(didReport: .resumed)
    drain()
  }

  /// Replaces the state without reducing an action: for restoring saved state, reloading,
  /// or travelling in time in a debugger. Observers and the monitor hear of it; jobs and
  /// queued actions are left alone.
  ///
  /// Ignored while the store is reducing (from inside a monitor callback): a reduction in
  /// progress owns the state.
  public func replaceState(with newState: State) {
    guard !isDraining else { return }
    let oldState = storage.state.pointee
    registrar.withMutation(of: self, keyPath: \.state) {
      storage.state.pointee = newState
    }
    if broadcaster.hasSubscribers { broadcaster.publish(newState) }
    monitor?.store(didReport: .stateReplaced(oldState: oldState, newState: newState))
  }

  /// Takes the next sequence number for something that is not an action the store reduces
  /// but is ordered among them: the debugger numbers an edit of the state (`set var`) so.
  package func reserveSequenceNumber() -> UInt64 {
    let sequence = nextSequence
    nextSequence = sequence &+ 1
    return sequence
  }

  /// The store's reducer, as it reduces each action: for a debugger that adopts a store the
  /// program made and replays its history.
  package var reducer: (inout State, Action) -> Effect<Action> { reduceAction }

  /// The actions waiting to be reduced, oldest first.
  public var queuedActions: [(action: Action, context: ActionContext)] {
    queue.pending.map { ($0.action, $0.context) }
  }

  /// The jobs scheduled and not yet ended, oldest first.
  public var jobs: [JobInfo] {
    jobRecords.values.map(\.info).sorted { $0.id < $1.id }
  }

  /// Lets a job that the monitor held (see ``StoreMonitor/shouldHold(_:)``) start.
  public func release(_ job: JobID) {
    guard let record = jobRecords[job], record.isHeld else { return }
    record.isHeld = false
    launch(record)
  }

  /// Cancels one job. Actions it sends from now on are dropped and reported.
  public func cancel(_ job: JobID) {
    guard let record = jobRecords[job], !record.isCancelled else { return }
    record.isCancelled = true
    // Listed as cancelled while its task winds down.
    record.info.status = .cancelled
    if record.isHeld {
      // Never started, so no task will report its end.
      end(job, status: .cancelled)
    } else {
      taskHandles.cancel(job)
    }
  }

  /// Forgets every throttle window, as if no throttled request had run: the next one runs
  /// at once. For a debugger that rewinds the state to before the requests that opened
  /// them. A request waiting for its window to close is dropped (cancel the window's timer
  /// job first to have it reported as cancelled).
  public func closeThrottleWindows() {
    let windows = throttleWindows
    throttleWindows.removeAll()
    for window in windows.values { window.latest?.onEnd?() }
  }

  /// Cancels every job, subscriptions included (``restartSubscriptions()`` starts them
  /// again). Actions they send from now on are dropped and reported.
  public func cancelAllJobs() {
    for id in jobRecords.keys.sorted() { cancel(id) }
  }

  /// Takes every queued action out of the queue without reducing it; the monitor hears of
  /// each as dropped, for `reason`.
  ///
  /// - Returns: The actions removed, oldest first.
  @discardableResult
  public func discardQueuedActions(reason: String) -> [(action: Action, context: ActionContext)] {
    var removed: [(action: Action, context: ActionContext)] = []
    while let entry = queue.first {
      _ = queue.removeFirst()
      removed.append((entry.action, entry.context))
      monitor?.store(didReport: .dropped(entry.action, .discarded(reason)))
    }
    tracker.settle()
    return removed
  }

  /// Cancels the subscriptions still running and starts every one of ``subscriptions``
  /// again: after ``cancelAllJobs()``, or when a debugger resets the store's state.
  public func restartSubscriptions() {
    for record in jobRecords.values where record.info.kind == .subscription {
      cancel(record.info.id)
    }
    startSubscriptions()
  }

  /// Starts each subscription as a job owned by the store itself (sequence 0: no action
  /// caused it).
  func startSubscriptions() {
    let store = ActionContext(sequence: 0, parent: nil, root: 0, depth: 0, origin: .external)
    for subscription in subscriptions {
      schedule(kind: .subscription, name: subscription.name, parent: store, scopes: [], body: subscription.body)
    }
  }
}
