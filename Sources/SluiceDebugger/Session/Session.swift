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
///
/// What it does for every action (``handle(_:)`` and what it calls) is inlinable: a feature's
/// ``Feature`` creates its session through ``specialised()``, in code where the feature's
/// types are known, so recording runs specialised for them. The rest stays out of line.
@MainActor
@usableFromInline
final class Session<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  @usableFromInline let featureName: String
  /// Names action cases (for records and breakpoints) without a dynamic cast per action.
  let caseNameOf = caseNamer(for: Action.self)
  let initialState: State
  @usableFromInline @exclusivity(unchecked) var options: SessionOptions
  /// The clock when time is virtual.
  let manualClock: ManualClock?
  @usableFromInline let store: Store<State, Action>
  @usableFromInline let monitor: SessionMonitor<State, Action>
  @usableFromInline @exclusivity(unchecked) var timeline: Timeline<State, Action>
  @usableFromInline @exclusivity(unchecked) var scheduler = StepScheduler()
  var watches = WatchSet()
  @usableFromInline @exclusivity(unchecked) var events = EventLog()
  @usableFromInline let changes = ChangeSignal()
  @usableFromInline @exclusivity(unchecked) var breakpointList = BreakpointList()
  /// Each distinct cycle the detector found, in the order first seen.
  var cycleReports: [CycleReport] = []
  /// Where each cycle is in `cycleReports`, by its case names.
  var cycleIndex: [[String]: Int] = [:]
  /// The root actions of recent chains, oldest first (so in increasing sequence order): kept
  /// apart from the history, so that `bt` and cycle reports still name a chain's root after
  /// the history limit folded it away.
  @usableFromInline @exclusivity(unchecked) var recentRoots = Deque<History<State, Action>.Entry>()
  /// The sequence number of the newest of `recentRoots`.
  @usableFromInline @exclusivity(unchecked) var newestRootSequence: UInt64 = 0
  /// Counts changes to what a save would write (history, position, breakpoints), so the
  /// shell can tell whether the session differs from the file it last saved or loaded.
  @usableFromInline @exclusivity(unchecked) var revision = 0
  /// How many actions were recorded so far (a fork does not take any back).
  @usableFromInline @exclusivity(unchecked) var recordedCount = 0

  /// Who sends the next external action (set just before `store.send`).
  @exclusivity(unchecked) var pendingOrigin: EntryOrigin?
  /// Sends an action to the store: replaced by ``specialised()`` with a function
  /// specialised for the feature's types.
  @usableFromInline @exclusivity(unchecked) var sendAction: (Action) -> Void = { _ in }

  @usableFromInline
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
    sendAction = { [unowned store] action in store.send(action) }
    monitor.session = self
    for reference in ReferenceScan.references(in: initialState) {
      events.emit(.referenceInState(path: reference.path, typeName: reference.typeName))
    }
  }

  @inlinable var history: History<State, Action> { timeline.history }

  @inlinable var wantsPreviousState: Bool { options.diffDisplay != .off }

  /// Routes the store's events and the session's sends through functions created here,
  /// where `State` and `Action` are the feature's own types when called from
  /// ``Feature``'s inlinable initialiser: every action then runs specialised code from the
  /// store's queue to the history.
  @inlinable
  func specialised() -> Self {
    monitor.forward(
      events: { [weak self] event in self?.handle(event) },
      pauseQuestions: { [weak self] action, context in self?.shouldPause(before: action, context: context) ?? false })
    sendAction = { [unowned store] action in store.send(action) }
    return self
  }

  /// Adds an event for the shell or the runner.
  func emit(_ event: DebugEvent) {
    events.emit(event)
  }

  /// Notes that what a save would write changed.
  @inlinable
  func noteEdit() {
    revision &+= 1
  }

  // MARK: - Store events

  @inlinable
  func handle(_ event: StoreEvent<State, Action>) {
    defer { changes.notify() }
    switch event {
    case .queued(_, let context):
      noteQueued(context)
    case .willReduce:
      break
    case .didReduce(let action, let context, let oldState, let newState, let duration):
      record(action, context: context, oldState: oldState, newState: newState, duration: duration)
    default:
      handleOther(event)
    }
  }

  /// An action entered the store's queue: its origin is captured while the job that sent
  /// it is still known.
  @usableFromInline
  func noteQueued(_ context: ActionContext) {
    scheduler.arrive(action: context.sequence, origin: origin(of: context))
    if context.origin == .external { pendingOrigin = nil }
  }

  /// The events that are not one per action.
  @usableFromInline
  func handleOther(_ event: StoreEvent<State, Action>) {
    switch event {
    case .queued, .willReduce, .didReduce:
      break
    case .jobScheduled(let job), .jobStarted(let job):
      scheduler.noteScheduled(job)
    case .jobEnded(let job):
      scheduler.noteEnded(job)
      if case .failed = job.status { emit(.jobFailed(job)) }
    case .jobSent:
      break
    case .dropped(let action, let reason):
      if case .cycleBroken(let warning) = reason {
        _ = scheduler.depart(action: warning.context.sequence)
      }
      emit(.dropped(action: describe(action), reason: reason))
    case .cycleDetected(let warning):
      noteCycle(warning)
    case .stateReplaced, .paused, .resumed:
      break
    }
  }

  @inlinable
  func record(
    _ action: Action, context: ActionContext, oldState: State?, newState: State, duration: Duration
  ) {
    // Reduced while looking at the past: the timeline forks at the state the store holds.
    if !timeline.isAtPresent { forkBeforeRecording() }
    let origin = takeOrigin(of: context)
    var diff: StateDiff?
    if options.diffDisplay != .off, let oldState {
      diff = reductionDiff(from: oldState, to: newState)
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
    if !breakpointList.isEmpty { checkWatchpoints(after: entry.index, in: newState) }
  }

  /// Before recording while travelled: describes the reductions not yet taken while their
  /// entries exist, and forks the timeline at the position.
  @usableFromInline
  func forkBeforeRecording() {
    events.describeReductions(with: record(at:))
    _ = timeline.forkIfTravelled()
  }

  /// The origin of an action about to be recorded: the one captured when it was queued.
  @usableFromInline
  func takeOrigin(of context: ActionContext) -> EntryOrigin {
    scheduler.depart(action: context.sequence) ?? origin(of: context)
  }

  /// The diff of one reduction, for the history's changed paths and the shell.
  @usableFromInline
  func reductionDiff(from oldState: State, to newState: State) -> StateDiff {
    StateDiff(from: oldState, to: newState)
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
  @usableFromInline var elapsedTime: Duration {
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
