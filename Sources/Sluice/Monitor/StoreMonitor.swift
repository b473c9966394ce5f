/// Watches a store: the one seam through which a store reports what it does, and through
/// which a debugger holds actions and jobs.
///
/// A store without a monitor pays a nil check and nothing more. With one, every
/// ``StoreEvent`` is delivered synchronously on the store's actor, in the order it happened.
/// A monitor isolated to that actor conforms with an isolated conformance:
/// `extension Recorder: @MainActor StoreMonitor` for a store on the main actor.
///
/// The three events of every action (queued, will reduce, did reduce) arrive through
/// requirements of their own, whose default implementations wrap them in a ``StoreEvent`` for
/// ``store(didReport:)``: a monitor that implements only that sees them all. One that must
/// be cheap per action, such as a debugger recording history, implements the three and takes
/// the values without building, copying and destroying an event for each.
public protocol StoreMonitor<State, Action>: AnyObject {
  /// The monitored store's state type.
  associatedtype State
  /// The monitored store's action type.
  associatedtype Action

  /// Whether ``StoreEvent/didReduce(_:_:oldState:newState:duration:)`` should carry the
  /// state before the reduction. Keeping it forces a copy of whatever the reducer mutates.
  var wantsPreviousState: Bool { get }

  /// Receives one event.
  func store(didReport event: StoreEvent<State, Action>)

  /// An action entered the queue (``StoreEvent/queued(_:_:)``).
  func store(didQueue action: Action, context: ActionContext)

  /// The store is about to reduce an action (``StoreEvent/willReduce(_:_:)``).
  func store(willReduce action: Action, context: ActionContext)

  /// The store reduced an action
  /// (``StoreEvent/didReduce(_:_:oldState:newState:duration:)``).
  func store(
    didReduce action: Action, context: ActionContext, oldState: State?, newState: State, duration: Duration)

  /// Asked before each reduction: return `true` to pause the store with this action at the
  /// head of its queue. The store stays paused until `resume()` or `step()`.
  func shouldPause(before action: Action, context: ActionContext) -> Bool

  /// Asked when a job is scheduled: return `true` to hold it pending until
  /// ``Store/release(_:)`` lets it start.
  func shouldHold(_ job: JobInfo) -> Bool

  /// Starts a job's task: the store calls it with `start`, which creates the task, when the
  /// job is launched (at once, or when ``Store/release(_:)`` lets a held job go). A monitor
  /// may make the call inside task-local values, which the task inherits: a tracer's span
  /// context, so that the job's own work is traced inside the job's span. It must call
  /// `start` exactly once and return what it returned.
  func store<Started>(launching job: JobInfo, _ start: () -> Started) -> Started
}

extension StoreMonitor {
  /// Reports ``StoreEvent/queued(_:_:)`` to ``store(didReport:)``.
  public func store(didQueue action: Action, context: ActionContext) {
    store(didReport: .queued(action, context))
  }

  /// Reports ``StoreEvent/willReduce(_:_:)`` to ``store(didReport:)``.
  public func store(willReduce action: Action, context: ActionContext) {
    store(didReport: .willReduce(action, context))
  }

  /// Reports ``StoreEvent/didReduce(_:_:oldState:newState:duration:)`` to
  /// ``store(didReport:)``.
  public func store(
    didReduce action: Action, context: ActionContext, oldState: State?, newState: State, duration: Duration
  ) {
    store(didReport: .didReduce(action, context, oldState: oldState, newState: newState, duration: duration))
  }

  /// By default a monitor is not sent the state before each reduction.
  public var wantsPreviousState: Bool { false }
  /// By default a monitor never pauses the store.
  public func shouldPause(before action: Action, context: ActionContext) -> Bool { false }
  /// By default a monitor never holds a job.
  public func shouldHold(_ job: JobInfo) -> Bool { false }
  /// By default a job's task inherits the task-local values where the store launches it.
  public func store<Started>(launching job: JobInfo, _ start: () -> Started) -> Started { start() }
}
