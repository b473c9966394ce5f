import DequeModule
import Foundation
import Sluice

/// One feature loaded into a store under the debugger: the router behind ``DebugSession``.
/// It keeps the store and the ``Recorder`` (the tuned recording core) and routes the store's
/// events to them. Clients hold a ``LoadedSession``: the capabilities they use, each a part
/// of its own that reaches the session through ``SessionPart`` (``Inspector``, ``Runner``,
/// ``BreakpointEditor``, ``TimeTraveller``, ``Archivist``); the session knows none of them.
///
/// - ``Timeline``: the history and where the state is in it.
/// - ``StepScheduler``: held jobs and the order stepping takes work in.
/// - ``WatchSet``: the values watchpoints last saw.
/// - ``EventLog``: what happened, for the shell or the runner to take.
/// - ``ChangeSignal``: wakes waits when the store reports anything.
/// - ``Recorder``: what happens on every action, with the state that touches (the timeline,
///   the scheduler's queue, the event log, the breakpoints). It returns what the session
///   must do next, and the session changes that state only through it.
///
/// A ``Feature`` makes its session (`Feature+Sessions`) with a ``SpecialisedRecording`` made
/// in code where the feature's types are known, so that recording runs specialised for them;
/// the recording reaches the session only through ``RecordingHooks``.
@MainActor
final class Session<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  let featureName: String
  /// The feature the session files it saves carry, when not ``featureName``: an adopted
  /// store's registered feature (`order-book` for the store `orders`), which the user's
  /// debugger loads them into.
  var savedFeatureName: String?
  /// Makes actions from text with `@Scriptable`'s builder, when `Action` has one.
  let scriptedActions = ScriptedActionBuilder(for: Action.self)
  /// Describes actions, edits and entries for records and events.
  let describer = EntryDescriber(for: Action.self)
  let initialState: State
  /// The store, as kept: reach it through `store`, which holds a store on another actor
  /// than the main one first.
  let storeReference: Store<State, Action>
  /// Keeps the store's actor waiting while the session uses the store, when the store lives
  /// on an actor of its own; `nil` on the main actor, where the session already is.
  let storeActorHold: StoreActorHold?
  let monitor: SessionMonitor<State, Action>
  /// What the session does on every action, and the state that touches.
  let recorder: Recorder<State, Action>
  var watches = WatchSet()
  /// Each distinct cycle the detector found, in the order first seen.
  var cycleReports: [CycleReport] = []
  /// Where each cycle is in `cycleReports`, by its case names.
  var cycleIndex: [[String]: Int] = [:]
  /// Told of each distinct cycle as it is first found (see ``newCycles()``).
  var cycleListeners: [AsyncStream<CycleReport>.Continuation] = []
  /// Called at once when a cycle is first found (see `InterruptibleSession`).
  package var onFirstSeenCycle: (@MainActor () -> Void)?
  /// Raised from any thread to pause the store between two actions: what reaches a store
  /// stuck in a synchronous loop (see `PauseRequest`).
  nonisolated let pauseRequest = PauseRequest()
  /// How many times a pause was asked for (``pause()``), paused already or not: how a
  /// command that runs no store of this session's (`shrink`) hears Ctrl-C.
  var pausesAsked = 0
  /// While the timeline is a scratch session's replay (`shrink`, `insert`), what it was made
  /// for and what the original had beside its history; meaningful only while the timeline
  /// keeps an original.
  var replayed: ReplayedTimeline?
  /// Where the timeline and its original part, as of the history's revision: the page asks
  /// on every refresh.
  var forkCache: (revision: Int, fork: TimelineFork)?
  /// What runs on every action and every event, specialised for the feature's types.
  let specialised: SpecialisedRecording<State, Action>
  /// Where the reads of a reducer wrapped by ``Sluice/Reducer/recordingReads(in:)`` go.
  let tape: ReadTape
  /// Replays a step of history: an action through the reducer alone, fed the values it read
  /// when recorded (`counting`: the values fed count as drawn from the session's sources, as
  /// on a load); an edit set again, or left out when its path no longer leads anywhere.
  let replayWithReads: (inout State, HistoryStep<Action>, [RecordedRead], _ counting: Bool) -> ReplayedReads
  /// What the program's store had before the session adopted it, put back on ``detach()``;
  /// `nil` for a store the session made.
  var adoption: Adoption<State, Action>?
  /// Every job's life, kept after it ends (see ``JobSpan``).
  var jobSpanLog = JobSpanLog()
  /// The history's first kept index when the spans, cycles and stops were last trimmed to
  /// it (``trimRecordsToHistory()``).
  var recordsTrimmedAtFirstIndex = 1
  /// The stops reported, for `export trace`.
  var stopLog = StopLog()

  /// A session on `store`, made by ``Feature`` (`Feature+Sessions`): hosted, or adopted.
  init(
    name: String, store: Store<State, Action>, hold: StoreActorHold? = nil, monitor: SessionMonitor<State, Action>,
    reduce: @escaping (inout State, Action) -> Effect<Action>, options: SessionOptions, manualClock: ManualClock?,
    tape: ReadTape, redaction: Redaction, specialised: SpecialisedRecording<State, Action>
  ) {
    featureName = name
    self.specialised = specialised
    initialState = store.state
    self.tape = tape
    self.monitor = monitor
    storeReference = store
    storeActorHold = hold
    let replayGuard = ReplayGuard()
    let reduce = replayGuard.guarding(reduce)
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
      replayGuard: replayGuard, manualClock: manualClock, tape: tape.isInUse ? tape : nil, redaction: redaction,
      describer: describer,
      describeEntry: specialised.record)
    watches = WatchSet(redaction: redaction)
    monitor.session = self
    let hooks = RecordingHooks<State, Action>(
      pauseRequest: pauseRequest,
      shouldPause: { [weak self] action, context in self?.shouldPause(before: action, context: context) ?? false },
      checkWatchpoints: { [weak self] index, state in self?.checkWatchpoints(after: index, in: state) },
      pause: { [weak self] in self?.pause() })
    let observer = specialised.observer(recorder, hooks)
    store.actionObserver = hold.map { $0.forwarding(observer) } ?? observer
    for reference in ReferenceScan.references(in: initialState) {
      emit(.referenceInState(path: reference.path, typeName: reference.typeName))
    }
  }

  /// The store, the session's to use until the main actor's current job ends: a store on an
  /// actor of its own is held first (its actor waits meanwhile; see `StoreActorHold`).
  var store: Store<State, Action> {
    storeActorHold?.hold()
    return storeReference
  }

  /// The history, as the recorder keeps it (a copy: read it straight through the recorder
  /// where a copy would cost).
  var history: History<State, Action> { recorder.timeline.history }

  var timeline: Timeline<State, Action> { recorder.timeline }

  var options: SessionOptions { recorder.options }

  /// The feature's secret paths, fixed when it was registered.
  var redaction: Redaction { recorder.redaction }

  var breakpointList: BreakpointList { recorder.breakpointList }

  var wantsPreviousState: Bool { recorder.wantsPreviousState }

  // MARK: - Changing what the recorder keeps

  /// Changes the session's options; the store then keeps the state before each action only
  /// while diffs are shown.
  func changeOptions(_ change: (inout SessionOptions) -> Void) {
    change(&recorder.options)
    store.actionObserver?.wantsPreviousState = recorder.wantsPreviousState
  }

  /// Changes the breakpoints; the store then asks before each action only while there are
  /// some.
  func changeBreakpoints<Result>(_ change: (inout BreakpointList) -> Result) -> Result {
    defer { store.actionObserver?.asksBeforeEachAction = !recorder.breakpointList.isEmpty }
    return change(&recorder.breakpointList)
  }

  var revision: Int { recorder.revision }
  var changes: ChangeSignal { recorder.changes }
  /// The clock when time is virtual.
  var manualClock: ManualClock? { recorder.manualClock }

  /// Adds an event for the shell or the runner; a stop is kept too, for `export trace`.
  func emit(_ event: DebugEvent) {
    if case .stopped(let reason) = event {
      trimRecordsToHistory()
      stopLog.note(reason, at: elapsedTime, lastIndex: recorder.timeline.history.lastIndex)
    }
    recorder.emit(event)
  }

  /// Notes that what a save would write changed (breakpoints, a load, an edit), and wakes
  /// whoever watches the session's changes: a page shows the breakpoints too.
  func noteEdit() {
    recorder.noteEdit()
    changes.notify()
  }

  // MARK: - Store events

  /// Takes one event the store reported through its monitor: per action, only those
  /// reported before the action observer was in place (while the store was created).
  func handle(_ event: StoreEvent<State, Action>) {
    switch event {
    case .queued(_, let context):
      recorder.noteQueued(context)
    case .willReduce:
      // The reduction follows at once, and recording it tells waiters.
      break
    case .didReduce(let action, let context, let oldState, let newState, let duration):
      let followUp = recorder.record(
        action, context: context, oldState: oldState, newState: newState, nanoseconds: recorder.nanoseconds(at: .now),
        reduceNanoseconds: UInt64(clamping: History<State, Action>.PackedEntry.nanoseconds(duration)))
      if case .checkWatchpoints(let index) = followUp { checkWatchpoints(after: index, in: newState) }
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
    case .jobScheduled(let job):
      recorder.scheduler.noteScheduled(job)
      noteLaunch(of: job)
    case .jobStarted(let job):
      recorder.scheduler.noteScheduled(job)
    case .jobEnded(let job):
      recorder.scheduler.noteEnded(job)
      jobSpanLog.end(job, at: elapsedTime)
      if case .failed = job.status { emit(.jobFailed(job)) }
    case .jobSent:
      break
    case .dropped(let action, let reason):
      if case .cycleBroken(let warning) = reason {
        _ = recorder.scheduler.depart(action: warning.context.sequence)
      }
      emit(.dropped(action: describer.describe(action), reason: reason))
    case .cycleDetected(let warning):
      noteCycle(warning)
    case .stateReplaced, .paused, .resumed:
      break
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
      reportCancelling(job, reason: reason)
      store.cancel(job.id)
    }
    store.closeThrottleWindows()
    store.discardQueuedActions(reason: reason)
    recorder.scheduler.forgetWaitingWork()
  }

  /// Starts the store's subscriptions afresh, as a new store would: what `reset` and `load`
  /// do once the state is in place. The running ones are reported cancelled.
  func restartSubscriptions(because operation: String) {
    for job in store.jobs where job.kind == .subscription && job.status != .cancelled {
      reportCancelling(job, reason: "\(operation) restarts the store's subscriptions")
    }
    store.restartSubscriptions()
  }

  /// Time on the session's clock since it started.
  var elapsedTime: Duration { recorder.elapsedTime }
}
