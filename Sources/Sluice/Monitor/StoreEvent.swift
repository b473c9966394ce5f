/// Something a store did, reported to its monitor.
public enum StoreEvent<State, Action> {
  /// An action entered the queue.
  case queued(Action, ActionContext)
  /// The store is about to reduce an action.
  case willReduce(Action, ActionContext)
  /// The store reduced an action. `oldState` is present only when the monitor asked for it
  /// (see ``StoreMonitor/wantsPreviousState``), because keeping it costs a copy.
  case didReduce(Action, ActionContext, oldState: State?, newState: State, duration: Duration)
  /// A job was created. It starts unless the monitor holds it (see ``StoreMonitor/shouldHold(_:)``).
  /// Jobs are scheduled in the order their effects and middleware asked for them.
  case jobScheduled(JobInfo)
  /// A job's work began, as its task reports it: jobs that run at once start in no set order.
  case jobStarted(JobInfo)
  /// A job ended; its status says how.
  case jobEnded(JobInfo)
  /// A job sent an action (which is queued next, unless it is dropped).
  case jobSent(Action, JobInfo)
  /// An action was not reduced.
  case dropped(Action, DropReason)
  /// The cycle detector fired.
  case cycleDetected(CycleWarning)
  /// The state was replaced without an action (``Store/replaceState(with:)``): restoring
  /// saved state, or a debugger travelling in time.
  case stateReplaced(oldState: State, newState: State)
  /// The store stopped draining its queue (a monitor, the cycle detector or `pause()` asked).
  case paused
  /// The store resumed draining.
  case resumed
}

extension StoreEvent: Sendable where State: Sendable, Action: Sendable {}
