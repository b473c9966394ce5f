import Foundation
import Sluice

/// One feature loaded into a store under the debugger: its history, breakpoints and
/// settings. The generic implementation behind ``DebugSession``.
@MainActor
final class Session<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  let featureName: String
  /// Names action cases (for records and breakpoints) without a dynamic cast per action.
  let caseNameOf = caseNamer(for: Action.self)
  let initialState: State
  var options: SessionOptions
  let clock: any Clock<Duration>
  /// The clock when time is virtual.
  let manualClock: ManualClock?
  let store: Store<State, Action>
  let monitor: SessionMonitor<State, Action>
  var history: History<State, Action>
  var breakpointList = BreakpointList()

  /// Events not yet taken by the shell or the runner.
  var pendingEvents: [PendingEvent] = []
  private let eventSignal: AsyncStream<Void>.Continuation
  /// Signals, without payload, that events are waiting (see ``DebugSession/eventsAvailable``).
  let eventsAvailable: AsyncStream<Void>

  /// Who sends the next external action (set just before `store.send`).
  var pendingOrigin: EntryOrigin?
  /// Origins of actions queued but not reduced yet, by sequence number: captured when they
  /// are queued, while the job that sent one is still known.
  var queuedOrigins: [UInt64: EntryOrigin] = [:]
  /// Jobs seen scheduled and not yet ended.
  var knownJobs: [JobID: JobInfo] = [:]
  /// Jobs the session holds: all of them while paused, and those a job breakpoint stopped.
  var heldJobs: Set<JobID> = []
  /// The order in which queued actions and held jobs arrived, for stepping oldest first.
  var arrivalOrder: [StepUnit: Int] = [:]
  var nextArrival = 0
  /// Jobs that ended lately, so a step can report how the job it ran ended.
  var recentlyEndedJobs: [JobID: JobInfo] = [:]
  /// Every cycle warning so far.
  var cycleWarnings: [CycleWarning] = []
  /// After `jump`, the index the store's state corresponds to; the next send forks there.
  var travelledTo: Int?
  /// The last value seen at each watched path, rendered.
  var watchedValues: [Int: String] = [:]

  init<R: Reducer>(
    name: String,
    initialState: State,
    options: SessionOptions,
    makeReducer: (FeatureEnvironment) -> R,
    makeMiddleware: (FeatureEnvironment) -> [Middleware<State, Action>]
  ) where R.State == State, R.Action == Action {
    featureName = name
    self.initialState = initialState
    self.options = options
    let manualClock = options.usesVirtualClock ? ManualClock() : nil
    self.manualClock = manualClock
    clock = manualClock ?? ContinuousClock()
    let environment = FeatureEnvironment(clock: clock)
    let reducer = makeReducer(environment)
    monitor = SessionMonitor()
    store = Store(
      initialState: initialState, reducer: reducer, middleware: makeMiddleware(environment),
      clock: clock, cycleDetection: options.cycleDetection, monitor: monitor)
    history = History(base: initialState, limit: options.historyLimit, reduce: reducer.reduce)
    (eventsAvailable, eventSignal) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    monitor.session = self
  }

  var wantsPreviousState: Bool { options.diffDisplay != .off }

  /// Adds an event and signals that events are waiting.
  func emit(_ event: DebugEvent) {
    enqueue(.event(event))
  }

  /// Adds the reduction recorded as history entry `index`. Without a diff to carry, it
  /// joins the run of reductions before it, so events nobody takes cost no memory per
  /// action, and the action is described only if the event is taken.
  func emitReduction(_ index: Int, diff: StateDiff?) {
    if diff == nil, case .reductions(let run)? = pendingEvents.last, run.upperBound == index - 1 {
      pendingEvents[pendingEvents.count - 1] = .reductions(run.lowerBound...index)
      return
    }
    enqueue(diff.map { .reductionWithDiff(index, $0) } ?? .reductions(index...index))
  }

  private func enqueue(_ event: PendingEvent) {
    // One signal per batch: whoever takes the events takes them all.
    if pendingEvents.isEmpty { eventSignal.yield() }
    pendingEvents.append(event)
  }

  /// The waiting events, reductions described now; reductions already folded out of the
  /// history (more than its limit since the last take) are left out.
  func takePendingEvents() -> [DebugEvent] {
    defer { pendingEvents.removeAll() }
    var events: [DebugEvent] = []
    for event in pendingEvents {
      switch event {
      case .event(let event):
        events.append(event)
      case .reductions(let run):
        for index in run {
          if let entry = history.entry(index) { events.append(.reduced(record(for: entry), diff: nil)) }
        }
      case .reductionWithDiff(let index, let diff):
        if let entry = history.entry(index) { events.append(.reduced(record(for: entry), diff: diff)) }
      }
    }
    return events
  }

  /// Describes waiting reductions now, before history entries they refer to are replaced
  /// (a fork after `jump`, `toggle`, `reset`, `load`).
  func describePendingReductions() {
    pendingEvents = takePendingEvents().map(PendingEvent.event)
  }

  // MARK: - Store events

  func handle(_ event: StoreEvent<State, Action>) {
    switch event {
    case .queued(_, let context):
      queuedOrigins[context.sequence] = origin(of: context)
      if context.origin == .external { pendingOrigin = nil }
      arrive(.action(context.sequence))
    case .willReduce:
      break
    case .didReduce(let action, let context, let oldState, let newState, let duration):
      arrivalOrder[.action(context.sequence)] = nil
      record(action, context: context, oldState: oldState, newState: newState, duration: duration)
    case .jobScheduled(let job):
      knownJobs[job.id] = job
    case .jobStarted(let job):
      knownJobs[job.id] = job
    case .jobEnded(let job):
      knownJobs[job.id] = nil
      recentlyEndedJobs[job.id] = job
      if recentlyEndedJobs.count > 64 { recentlyEndedJobs.removeAll() }
      heldJobs.remove(job.id)
      arrivalOrder[.job(job.id)] = nil
      if case .failed = job.status { emit(.jobFailed(job)) }
    case .jobSent:
      break
    case .dropped(let action, let reason):
      if case .cycleBroken(let warning) = reason {
        arrivalOrder[.action(warning.context.sequence)] = nil
      }
      emit(.dropped(action: describe(action), reason: reason))
    case .cycleDetected(let warning):
      cycleWarnings.append(warning)
      emit(.cycleDetected(warning))
      if warning.policy == .pause { emit(.stopped(.cycle(warning))) }
    case .stateReplaced, .paused, .resumed:
      break
    }
  }

  private func record(
    _ action: Action, context: ActionContext, oldState: State?, newState: State, duration: Duration
  ) {
    let origin = queuedOrigins.removeValue(forKey: context.sequence) ?? origin(of: context)
    var diff: StateDiff?
    if options.diffDisplay != .off, let oldState {
      diff = StateDiff(from: oldState, to: newState)
    }
    let entry = History<State, Action>.Entry(
      index: history.nextIndex, action: action, origin: origin,
      context: context, time: elapsedTime, reduceDuration: duration,
      changedPaths: diff?.changedPaths)
    history.append(entry, producing: newState)
    emitReduction(entry.index, diff: options.diffDisplay == .full ? diff : nil)
    checkWatchpoints(after: entry.index, in: newState)
  }

  private func origin(of context: ActionContext) -> EntryOrigin {
    switch context.origin {
    case .external:
      return pendingOrigin ?? .external
    case .effect:
      return .effect
    case .job(let id):
      let job = knownJobs[id]
      return .job(kind: job?.kind.rawValue ?? "job", name: job?.name ?? id.description)
    }
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

  /// Notes when a queued action or held job arrived, so stepping takes the oldest first.
  func arrive(_ unit: StepUnit) {
    arrivalOrder[unit] = nextArrival
    nextArrival += 1
  }
}

/// An event waiting for the shell or the runner to take it.
enum PendingEvent {
  case event(DebugEvent)
  /// Consecutive reductions, by history index, without diffs.
  case reductions(ClosedRange<Int>)
  case reductionWithDiff(Int, StateDiff)
}

/// A unit of work stepping can perform: reduce a queued action, or run a held job.
enum StepUnit: Hashable {
  case action(UInt64)
  case job(JobID)
}
