import DequeModule
import Foundation
import Sluice

/// One feature loaded into a store under the debugger. The generic implementation behind
/// ``DebugSession``: it routes the store's events to collaborators that each own one
/// concern, and keeps them in step.
///
/// - ``Timeline``: the history and where the state is in it.
/// - ``StepScheduler``: held jobs and the order stepping takes work in.
/// - ``WatchSet``: the values watchpoints last saw.
/// - ``EventLog``: what happened, for the shell or the runner to take.
/// - ``SessionArchive``: session files.
/// - ``ChangeSignal``: wakes waits when the store reports anything.
@MainActor
final class Session<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  let featureName: String
  /// Names action cases (for records and breakpoints) without a dynamic cast per action.
  let caseNameOf = caseNamer(for: Action.self)
  let initialState: State
  var options: SessionOptions
  /// The clock when time is virtual.
  let manualClock: ManualClock?
  let store: Store<State, Action>
  let monitor: SessionMonitor<State, Action>
  var timeline: Timeline<State, Action>
  var scheduler = StepScheduler()
  var watches = WatchSet()
  var events = EventLog()
  let changes = ChangeSignal()
  var breakpointList = BreakpointList()
  /// Each distinct cycle the detector found, in the order first seen.
  var cycleReports: [CycleReport] = []
  /// Where each cycle is in `cycleReports`, by its case names.
  var cycleIndex: [[String]: Int] = [:]
  /// The root actions of recent chains, oldest first (so in increasing sequence order): kept
  /// apart from the history, so that `bt` and cycle reports still name a chain's root after
  /// the history limit folded it away.
  var recentRoots = Deque<History<State, Action>.Entry>()
  /// The sequence number of the newest of `recentRoots`.
  var newestRootSequence: UInt64 = 0
  /// Counts changes to what a save would write (history, position, breakpoints), so the
  /// shell can tell whether the session differs from the file it last saved or loaded.
  private(set) var revision = 0
  /// How many actions were recorded so far (a fork does not take any back).
  private(set) var recordedCount = 0

  /// Who sends the next external action (set just before `store.send`).
  var pendingOrigin: EntryOrigin?
  /// Origins of actions queued but not reduced yet, by sequence number: captured when they
  /// are queued, while the job that sent one is still known.
  var queuedOrigins: [UInt64: EntryOrigin] = [:]

  init<R: Reducer>(
    name: String,
    initialState: State,
    options: SessionOptions,
    makeReducer: (FeatureEnvironment) -> R,
    makeMiddleware: (FeatureEnvironment) -> [Middleware<State, Action>],
    makeSubscriptions: (FeatureEnvironment) -> [Subscription<Action>]
  ) where R.State == State, R.Action == Action {
    featureName = name
    self.initialState = initialState
    self.options = options
    let manualClock = options.usesVirtualClock ? ManualClock() : nil
    self.manualClock = manualClock
    let clock: any Clock<Duration> = manualClock ?? ContinuousClock()
    let environment = FeatureEnvironment(clock: clock)
    let reducer = makeReducer(environment)
    monitor = SessionMonitor()
    store = Store(
      initialState: initialState, reducer: reducer, middleware: makeMiddleware(environment),
      subscriptions: makeSubscriptions(environment), clock: clock, cycleDetection: options.cycleDetection,
      monitor: monitor)
    timeline = Timeline(
      history: History(base: initialState, limit: options.historyLimit, reduce: reducer.reduce))
    monitor.session = self
    for reference in ReferenceScan.references(in: initialState) {
      events.emit(.referenceInState(path: reference.path, typeName: reference.typeName))
    }
  }

  var history: History<State, Action> { timeline.history }

  var wantsPreviousState: Bool { options.diffDisplay != .off }

  /// Adds an event for the shell or the runner.
  func emit(_ event: DebugEvent) {
    events.emit(event)
  }

  /// Notes that what a save would write changed.
  func noteEdit() {
    revision &+= 1
  }

  // MARK: - Store events

  func handle(_ event: StoreEvent<State, Action>) {
    defer { changes.notify() }
    switch event {
    case .queued(_, let context):
      queuedOrigins[context.sequence] = origin(of: context)
      if context.origin == .external { pendingOrigin = nil }
      scheduler.arrive(.action(context.sequence))
    case .willReduce:
      break
    case .didReduce(let action, let context, let oldState, let newState, let duration):
      scheduler.depart(.action(context.sequence))
      record(action, context: context, oldState: oldState, newState: newState, duration: duration)
    case .jobScheduled(let job), .jobStarted(let job):
      scheduler.noteScheduled(job)
    case .jobEnded(let job):
      scheduler.noteEnded(job)
      if case .failed = job.status { emit(.jobFailed(job)) }
    case .jobSent:
      break
    case .dropped(let action, let reason):
      if case .cycleBroken(let warning) = reason {
        scheduler.depart(.action(warning.context.sequence))
      }
      emit(.dropped(action: describe(action), reason: reason))
    case .cycleDetected(let warning):
      noteCycle(warning)
    case .stateReplaced, .paused, .resumed:
      break
    }
  }

  private func record(
    _ action: Action, context: ActionContext, oldState: State?, newState: State, duration: Duration
  ) {
    // Reduced while looking at the past: the timeline forks at the state the store holds.
    if !timeline.isAtPresent {
      events.describeReductions(with: record(at:))
      _ = timeline.forkIfTravelled()
    }
    let origin = queuedOrigins.removeValue(forKey: context.sequence) ?? origin(of: context)
    var diff: StateDiff?
    if options.diffDisplay != .off, let oldState {
      diff = StateDiff(from: oldState, to: newState)
    }
    let entry = History<State, Action>.Entry(
      index: history.nextIndex, action: action, origin: origin,
      context: context, time: elapsedTime, reduceDuration: duration,
      changedPaths: diff?.changedPaths)
    timeline.append(entry, producing: newState)
    recordedCount &+= 1
    if context.parent == nil { keepRoot(entry) }
    noteEdit()
    events.emitReduction(entry.index, diff: options.diffDisplay == .full ? diff : nil)
    checkWatchpoints(after: entry.index, in: newState)
  }

  private func origin(of context: ActionContext) -> EntryOrigin {
    switch context.origin {
    case .external:
      return pendingOrigin ?? .external
    case .effect:
      return .effect
    case .job(let id):
      let job = scheduler.knownJobs[id]
      return .job(kind: job?.kind.rawValue ?? "job", name: job?.name ?? id.description)
    }
  }

  // MARK: - Abandoning work

  /// Cancels every job and drops every queued action: they belong to a timeline that
  /// `operation` abandons, and would otherwise act on a state they did not come from. Each
  /// is reported, with the operation as the reason. Subscriptions belong to the store, not
  /// to a timeline: they go on listening (`reset` and `load` restart them).
  func abandonLiveWork(because operation: String) {
    let reason = "\(operation) abandoned the timeline it belonged to"
    for job in store.jobs where job.status != .cancelled && job.kind != .subscription {
      emit(.jobCancelled(job, reason: reason))
      store.cancel(job.id)
    }
    store.discardQueuedActions(reason: reason)
    queuedOrigins.removeAll()
    scheduler.forgetWaitingWork()
  }

  /// Starts the store's subscriptions afresh, as a new store would: what `reset` and `load`
  /// do once the state is in place. The running ones are reported cancelled.
  func restartSubscriptions(because operation: String) {
    for job in store.jobs where job.kind == .subscription && job.status != .cancelled {
      emit(.jobCancelled(job, reason: "\(operation) restarts the store's subscriptions"))
    }
    store.restartSubscriptions()
  }

  // MARK: - Describing

  /// Time on the session's clock since it started.
  var elapsedTime: Duration {
    if let manualClock { return manualClock.now.offset }
    return startedAt.duration(to: .now)
  }

  private let startedAt = ContinuousClock.now

  func describe(_ action: Action) -> String {
    ValueTree(reflecting: action).compactDescription
  }

  func record(for entry: History<State, Action>.Entry) -> HistoryRecord {
    HistoryRecord(
      index: entry.index, action: describe(entry.action), caseName: caseNameOf(entry.action),
      origin: entry.origin, context: entry.context, time: entry.time,
      reduceDuration: entry.reduceDuration, changedPaths: entry.changedPaths,
      isSkipped: entry.isSkipped)
  }

  /// The record of entry `index`, if kept.
  func record(at index: Int) -> HistoryRecord? {
    history.entry(index).map(record(for:))
  }
}
