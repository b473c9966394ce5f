import Sluice

/// What a session does on every action, with the state that work touches: the timeline,
/// queued actions' origins, the events waiting for the shell and the counters a save
/// compares.
///
/// Kept apart from ``Session`` for speed. The store calls it through the functions of its
/// action observer, created where the feature's types are known
/// (``Session/specialised()``), so all of this runs specialised; and those functions hold it strongly, because nothing refers to it
/// weakly: an object that is weakly referenced pays a slower retain and release every time,
/// which on every action added up to a tenth of recording. It refers to its session weakly,
/// only for what recording hands on: breakpoints and watchpoints, cycles, jobs, and
/// describing entries before a fork replaces them.
///
/// Its properties skip dynamic exclusivity checks, as the store's do: on the main actor, and
/// no access to one spans a call that could reach it, since recording calls no user code.
/// Replaying history does call the feature's reducer while the timeline is accessed; the
/// ``ReplayGuard`` makes recording from inside it a trap, as the check would have.
@MainActor
@usableFromInline
final class Recorder<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  @usableFromInline @exclusivity(unchecked) var options: SessionOptions
  @usableFromInline @exclusivity(unchecked) var timeline: Timeline<State, Action>
  /// Marks the reducer's runs during replay (see the type's discussion).
  @usableFromInline let replayGuard: ReplayGuard
  @usableFromInline @exclusivity(unchecked) var scheduler = StepScheduler()
  @usableFromInline @exclusivity(unchecked) var events = EventLog()
  @usableFromInline @exclusivity(unchecked) var breakpointList = BreakpointList()
  @usableFromInline let changes = ChangeSignal()
  /// Counts changes to what a save would write (history, position, breakpoints), so the
  /// shell can tell whether the session differs from the file it last saved or loaded.
  @usableFromInline @exclusivity(unchecked) var revision = 0
  /// How many actions were recorded so far (a fork does not take any back).
  @usableFromInline @exclusivity(unchecked) var recordedCount = 0
  /// Who sends the next external action (set just before `store.send`).
  @usableFromInline @exclusivity(unchecked) var pendingOrigin: EntryOrigin?
  /// The clock when time is virtual.
  @usableFromInline let manualClock: ManualClock?
  /// When the session started, on the clock the store times reductions with.
  @usableFromInline let startedAt = ClockReading.now
  /// Where the feature's reducer records what it reads, when it does (see
  /// ``Sluice/Reducer/recordingReads(in:)``); `nil` otherwise, which spares every action
  /// asking.
  @usableFromInline let tape: ReadTape?
  /// The session this records for.
  @usableFromInline weak var session: Session<State, Action>?

  init(
    options: SessionOptions, timeline: Timeline<State, Action>, replayGuard: ReplayGuard, manualClock: ManualClock?,
    tape: ReadTape?
  ) {
    self.options = options
    self.timeline = timeline
    self.replayGuard = replayGuard
    self.manualClock = manualClock
    self.tape = tape
  }

  @inlinable var wantsPreviousState: Bool { options.diffDisplay != .off }

  // MARK: - The events of every action

  /// An action waits in the store's queue: its origin is captured while the job that sent
  /// it is still known. (An action reduced as soon as it is sent never waits: its origin is
  /// taken when it is recorded, which is as soon.)
  @inlinable
  func noteQueued(_ context: ActionContext) {
    scheduler.arrive(action: context.sequence, origin: origin(of: context))
    if context.origin == .external { pendingOrigin = nil }
    changes.notify()
  }

  /// Records an action reduced between the readings `start` and `end`: the end is also its
  /// time on the session's clock, unless that clock is virtual, so no third reading is
  /// taken.
  @inlinable
  func record(
    _ action: Action, context: ActionContext, oldState: State?, newState: State,
    reducedFrom start: ClockReading, to end: ClockReading
  ) {
    record(
      action, context: context, oldState: oldState, newState: newState, nanoseconds: nanoseconds(at: end),
      reduceNanoseconds: start.nanoseconds(to: end))
  }

  /// Records a reduced action that happened `nanoseconds` into the session, on its clock.
  /// Always inlined: into the function the store calls for every action, it spares a call
  /// that passed eight arguments on.
  @inlinable
  @inline(__always)
  func record(
    _ action: Action, context: ActionContext, oldState: State?, newState: State, nanoseconds: Int64,
    reduceNanoseconds: UInt64
  ) {
    precondition(
      !replayGuard.isReplaying,
      "the feature's reducer sent an action to its store while the debugger replayed history; a reducer must not send")
    defer { changes.notify() }
    // Reduced while looking at the past: the timeline forks at the state the store holds.
    if !timeline.isAtPresent { session?.forkBeforeRecording() }
    let departed = scheduler.knowsQueuedActions ? scheduler.depart(action: context.sequence) : nil
    let origin = departed ?? originOfUnqueued(context)
    var diff: StateDiff?
    if options.diffDisplay != .off, let oldState {
      diff = reductionDiff(from: oldState, to: newState)
    }
    let index = timeline.history.nextIndex
    // Events are taken later, and describe their entries then: the ones about to be folded
    // away are kept now, or they would never be reported.
    if timeline.history.foldsOnNextAppend { session?.keepWaitingReductions() }
    timeline.append(
      .action(action), context: context, origin: origin, nanoseconds: nanoseconds, reduceNanoseconds: reduceNanoseconds,
      changedPaths: diff?.changedPaths, reads: tape?.takeReads() ?? [], producing: newState)
    recordedCount &+= 1
    revision &+= 1
    if options.diffDisplay == .full, let diff {
      events.emitReduction(index, diff: diff)
    } else {
      events.emitReduction(index)
    }
    if !breakpointList.isEmpty { session?.checkWatchpoints(after: index, in: newState) }
  }

  /// Asked before each reduction: whether an action breakpoint stops it.
  @inlinable
  func shouldPause(before action: Action) -> Bool {
    guard !breakpointList.isEmpty else { return false }
    return session?.stopsAtActionBreakpoint(before: action) ?? false
  }

  /// The origin of an action reduced as soon as it was sent, which the scheduler never saw:
  /// a pending origin is its, and is used up.
  @inlinable
  func originOfUnqueued(_ context: ActionContext) -> EntryOrigin {
    guard case .external = context.origin else { return origin(of: context) }
    guard let pending = pendingOrigin else { return .external }
    pendingOrigin = nil
    return pending
  }

  // MARK: - Out of line

  /// Who sent the action with `context`, as far as the store's context and the jobs known
  /// now tell.
  @usableFromInline
  func origin(of context: ActionContext) -> EntryOrigin {
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

  /// The diff of one reduction, for the history's changed paths and the shell.
  @usableFromInline
  func reductionDiff(from oldState: State, to newState: State) -> StateDiff {
    StateDiff(from: oldState, to: newState)
  }

  /// Time on the session's clock since it started.
  @usableFromInline var elapsedTime: Duration { .nanoseconds(nanoseconds(at: .now)) }

  /// The session clock's time, in whole nanoseconds since it started, when the real clock
  /// read `reading`: the virtual clock's own time when it is virtual.
  @inlinable
  @inline(__always)
  func nanoseconds(at reading: ClockReading) -> Int64 {
    if let manualClock { return History<State, Action>.PackedEntry.nanoseconds(manualClock.now.offset) }
    return Int64(clamping: startedAt.nanoseconds(to: reading))
  }
}
