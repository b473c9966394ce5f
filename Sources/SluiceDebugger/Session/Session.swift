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
/// - ``Recorder``: what happens on every action, with the state that touches (the timeline,
///   the scheduler's queue, the event log), which the session reads through it.
///
/// A feature's ``Feature`` creates its session through ``specialised()``, in code where the
/// feature's types are known, so that recording runs specialised for them.
@MainActor
@usableFromInline
final class Session<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  @usableFromInline let featureName: String
  /// Names action cases (for records and breakpoints) without a dynamic cast per action.
  @usableFromInline let caseNameOf = caseNamer(for: Action.self)
  /// Makes actions from text with `@Scriptable`'s builder, when `Action` has one.
  let scriptedActions = ScriptedActionBuilder(for: Action.self)
  /// Describes actions for their records, without reflection when `Action` is `@Scriptable`.
  @usableFromInline let actionDescriber = ActionDescriber(for: Action.self)
  let initialState: State
  @usableFromInline let store: Store<State, Action>
  @usableFromInline let monitor: SessionMonitor<State, Action>
  /// What the session does on every action, and the state that touches.
  @usableFromInline let recorder: Recorder<State, Action>
  var watches = WatchSet()
  /// Each distinct cycle the detector found, in the order first seen.
  var cycleReports: [CycleReport] = []
  /// Where each cycle is in `cycleReports`, by its case names.
  var cycleIndex: [[String]: Int] = [:]
  /// Sends an action to the store: replaced by ``specialised()`` with a function
  /// specialised for the feature's types.
  @usableFromInline @exclusivity(unchecked) var sendAction: (Action) -> Void
  /// The record of a history entry, for the events the shell and scripts take after every
  /// action: replaced by ``specialised()`` with a function specialised for the feature's
  /// types, which spares each record the generic metadata lookups of reading the history.
  @usableFromInline @exclusivity(unchecked) var recordAt: ((Int) -> HistoryRecord?)?
  /// Copies the entries of a run of reductions not yet taken, before the history lets them
  /// go: replaced by ``specialised()`` for the same reason as `recordAt`, since a fold does
  /// it every so many actions.
  @usableFromInline @exclusivity(unchecked) var keepReductions: ((ClosedRange<Int>, StateDiff?) -> KeptReductions)?
  /// Where the reads of a reducer wrapped by ``Sluice/Reducer/recordingReads(in:)`` go.
  let tape: ReadTape
  /// Replays a step of history: an action through the reducer alone, fed the values it read
  /// when recorded (`counting`: the values fed count as drawn from the session's sources, as
  /// on a load); an edit set again, or left out when its path no longer leads anywhere.
  let replayWithReads: (inout State, HistoryStep<Action>, [RecordedRead], _ counting: Bool) -> ReplayedReads

  /// The date a session on virtual time starts at: 2001-01-01 00:00:00 UTC, the same on
  /// every run.
  static var virtualStartDate: Date { Date(timeIntervalSinceReferenceDate: 0) }

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
    let manualClock = options.usesVirtualClock ? ManualClock() : nil
    let clock: any Clock<Duration> = manualClock ?? ContinuousClock()
    let tape = ReadTape()
    let environment = FeatureEnvironment(
      clock: clock, startDate: manualClock == nil ? Date() : Self.virtualStartDate, tape: tape)
    let reducer = makeReducer(environment)
    self.tape = tape
    monitor = SessionMonitor()
    store = Store(
      initialState: initialState, reducer: reducer, middleware: makeMiddleware(environment),
      subscriptions: makeSubscriptions(environment), clock: clock, cycleDetection: options.cycleDetection,
      monitor: monitor)
    let replayGuard = ReplayGuard()
    let reduce = replayGuard.guarding(reducer.reduce)
    replayWithReads = { state, step, reads, counting in
      switch step {
      case .action(let action):
        tape.feed(reads, counting: counting)
        _ = reduce(&state, action)
        return tape.finishReplay()
      case .edit(let edit):
        if let edited = try? edit.applied(to: state) { state = edited }
        return .none
      }
    }
    recorder = Recorder(
      options: options,
      timeline: Timeline(
        history: History(
          base: initialState, limit: options.historyLimit,
          replay: { [replayWithReads] state, action, reads in replayWithReads(&state, action, reads, false) })),
      replayGuard: replayGuard, manualClock: manualClock, tape: tape.isInUse ? tape : nil)
    sendAction = { [unowned store] action in store.send(action) }
    recorder.session = self
    monitor.session = self
    for reference in ReferenceScan.references(in: initialState) {
      events.emit(.referenceInState(path: reference.path, typeName: reference.typeName))
    }
  }

  var history: History<State, Action> { timeline.history }

  var wantsPreviousState: Bool { recorder.wantsPreviousState }

  /// Routes the events of every action, and the session's sends, through functions created
  /// here, where `State` and `Action` are the feature's own types when called from
  /// ``Feature``'s inlinable initialiser: every action then runs specialised code from the
  /// store's queue to the history, with one direct call per event (the store's
  /// `ActionObserver`). The functions hold the recorder, not the session (see ``Recorder``).
  @inlinable
  func specialised() -> Self {
    let recorder = recorder
    store.actionObserver = ActionObserver(
      queued: { _, context in recorder.noteQueued(context) },
      shouldPause: { action, _ in recorder.shouldPause(before: action) },
      reduced: { action, context, oldState, newState, start, end in
        recorder.record(
          action, context: context, oldState: oldState, newState: newState, reducedFrom: start, to: end)
      },
      wantsPreviousState: recorder.wantsPreviousState,
      asksBeforeEachAction: !recorder.breakpointList.isEmpty)
    sendAction = { [unowned store] action in store.send(action) }
    let describer = actionDescriber
    let caseNameOf = caseNameOf
    recordAt = { index in
      recorder.timeline.history.entry(index).map {
        Self.record(of: $0, describer: describer, caseNameOf: caseNameOf)
      }
    }
    keepReductions = { run, diff in Self.keptReductions(run, diff: diff, of: recorder, describer: describer, caseNameOf: caseNameOf) }
    return self
  }

  // MARK: - What the recorder keeps

  var options: SessionOptions {
    get { recorder.options }
    _modify {
      yield &recorder.options
      store.actionObserver?.wantsPreviousState = recorder.wantsPreviousState
    }
  }
  var timeline: Timeline<State, Action> {
    get { recorder.timeline }
    _modify { yield &recorder.timeline }
  }
  var scheduler: StepScheduler {
    get { recorder.scheduler }
    _modify { yield &recorder.scheduler }
  }
  var events: EventLog {
    get { recorder.events }
    _modify { yield &recorder.events }
  }
  var breakpointList: BreakpointList {
    get { recorder.breakpointList }
    _modify {
      yield &recorder.breakpointList
      store.actionObserver?.asksBeforeEachAction = !recorder.breakpointList.isEmpty
    }
  }
  @usableFromInline var revision: Int { recorder.revision }
  var recordedCount: Int { recorder.recordedCount }
  var pendingOrigin: EntryOrigin? {
    get { recorder.pendingOrigin }
    set { recorder.pendingOrigin = newValue }
  }
  var changes: ChangeSignal { recorder.changes }
  /// The clock when time is virtual.
  var manualClock: ManualClock? { recorder.manualClock }

  /// Adds an event for the shell or the runner.
  func emit(_ event: DebugEvent) {
    events.emit(event)
  }

  /// Notes that what a save would write changed.
  func noteEdit() {
    recorder.revision &+= 1
  }

  // MARK: - Store events

  /// Takes one event the store reported before the recorder's functions were in place
  /// (while the store was created), or through a monitor that was never specialised.
  func handle(_ event: StoreEvent<State, Action>) {
    switch event {
    case .queued(_, let context):
      recorder.noteQueued(context)
    case .willReduce:
      // The reduction follows at once, and recording it tells waiters.
      break
    case .didReduce(let action, let context, let oldState, let newState, let duration):
      recorder.record(
        action, context: context, oldState: oldState, newState: newState, nanoseconds: recorder.nanoseconds(at: .now),
        reduceNanoseconds: UInt64(clamping: History<State, Action>.PackedEntry.nanoseconds(duration)))
    default:
      handleOther(event)
    }
  }

  /// The events that are not one per action.
  func handleOther(_ event: StoreEvent<State, Action>) {
    defer { changes.notify() }
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

  /// Before recording while travelled: keeps the reductions not yet taken while their
  /// entries exist, and forks the timeline at the position.
  @usableFromInline
  func forkBeforeRecording() {
    keepWaitingReductions()
    let position = timeline.position
    let last = history.lastIndex
    if timeline.forkIfTravelled(), last > position {
      emit(.forked(at: position, dropped: (position + 1)...last))
    }
  }

  /// Keeps copies of the entries of the reductions not yet taken, while those entries exist:
  /// before a fold or a fork removes them. They are described when taken.
  @usableFromInline
  func keepWaitingReductions() {
    let keep =
      keepReductions ?? { [recorder, actionDescriber, caseNameOf] run, diff in
        Self.keptReductions(run, diff: diff, of: recorder, describer: actionDescriber, caseNameOf: caseNameOf)
      }
    events.keepReductions(with: keep)
  }

  /// The entries of `run`, copied, and what describes them later.
  @inlinable
  static func keptReductions(
    _ run: ClosedRange<Int>, diff: StateDiff?, of recorder: Recorder<State, Action>, describer: ActionDescriber<Action>,
    caseNameOf: @escaping (Action) -> String
  ) -> KeptReductions {
    // Straight through the recorder: `history` would copy the timeline out.
    let detached = recorder.timeline.history.detach(run)
    return KeptReductions(count: detached.count) {
      detached.entries.map { .reduced(record(of: $0, describer: describer, caseNameOf: caseNameOf), diff: diff) }
    }
  }

  // MARK: - Abandoning work

  /// Cancels every job and drops every queued action: they belong to a timeline that
  /// `operation` abandons, and would otherwise act on a state they did not come from. Each
  /// is reported, with the operation as the reason. The store's throttle windows were
  /// opened by that timeline's requests too, so they close. Subscriptions belong to the
  /// store, not to a timeline: they go on listening (`reset` and `load` restart them).
  func abandonLiveWork(because operation: String) {
    let reason = "\(operation) abandoned the timeline it belonged to"
    for job in store.jobs where job.status != .cancelled && job.kind != .subscription {
      emit(.jobCancelled(job, reason: reason))
      store.cancel(job.id)
    }
    store.closeThrottleWindows()
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
  @usableFromInline var elapsedTime: Duration { recorder.elapsedTime }

  func describe(_ action: Action) -> String {
    actionDescriber.describe(action)
  }

  func record(for entry: History<State, Action>.Entry) -> HistoryRecord {
    Self.record(of: entry, describer: actionDescriber, caseNameOf: caseNameOf)
  }

  /// The record of `entry`, its action described.
  @inlinable
  static func record(
    of entry: History<State, Action>.Entry, describer: ActionDescriber<Action>, caseNameOf: (Action) -> String
  ) -> HistoryRecord {
    let (action, caseName, isEdit) =
      switch entry.action {
      case .action(let action): (describer.describe(action), caseNameOf(action), false)
      case .edit(let edit): (edit.description, HistoryRecord.editCaseName, true)
      }
    return HistoryRecord(
      index: entry.index, action: action, caseName: caseName, isEdit: isEdit,
      origin: entry.origin, context: entry.context, time: entry.time,
      reduceDuration: entry.reduceDuration, changedPaths: entry.changedPaths,
      isSkipped: entry.isSkipped, reads: entry.reads, readLiveOnReplay: entry.readLiveOnReplay)
  }

  /// The record of entry `index`, if kept.
  func record(at index: Int) -> HistoryRecord? {
    if let recordAt { return recordAt(index) }
    // Straight through the recorder: `history` would copy the timeline out for each entry.
    return recorder.timeline.history.entry(index).map(record(for:))
  }
}
