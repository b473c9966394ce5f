import Sluice

/// What a session does on every action, with the state that work touches: the timeline,
/// queued actions' origins, the events waiting for clients, the breakpoints and the counters
/// a save compares.
///
/// Data flows one way. The recorder knows nothing of its ``Session``: it changes its own
/// state and returns what its owner must do next (``FollowUp``), as a state machine returns
/// actions to the storage that owns it; the session performs those, and changes the
/// recorder's state only through the recorder's operations. Whatever lets history entries go
/// (a fold, a fork, a rewrite) goes through the recorder, which first keeps the reductions
/// no client took yet.
///
/// Kept apart from ``Session`` for speed. The store calls it through the functions of its
/// action observer, created where the feature's types are known
/// (``SpecialisedRecording``), so all of this runs specialised; and those functions hold it
/// strongly, because nothing refers to it weakly: an object that is weakly referenced pays a
/// slower retain and release every time, which on every action added up to a tenth of
/// recording.
///
/// Its properties skip dynamic exclusivity checks, as the store's do: on the main actor, and
/// no access to one spans a call that could reach it, since recording calls no user code.
/// Replaying history does call the feature's reducer while the timeline is accessed; the
/// ``ReplayGuard`` makes recording from inside it a trap, as the check would have.
@MainActor
@usableFromInline
final class Recorder<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  /// What the session must do after an entry is recorded.
  @usableFromInline
  enum FollowUp: Equatable {
    /// Nothing.
    case none
    /// Check the watchpoints against the state after entry `index`: there are breakpoints.
    case checkWatchpoints(after: Int)
  }

  @usableFromInline @exclusivity(unchecked) var options: SessionOptions
  /// Changed through the recorder's operations (``rewriteTimeline(_:)`` and the others), which
  /// keep what must outlive the entries a change lets go.
  @usableFromInline @exclusivity(unchecked) var timeline: Timeline<State, Action>
  /// Marks the reducer's runs during replay (see the type's discussion).
  @usableFromInline let replayGuard: ReplayGuard
  @usableFromInline @exclusivity(unchecked) var scheduler = StepScheduler()
  @usableFromInline @exclusivity(unchecked) var events = EventLog()
  @usableFromInline @exclusivity(unchecked) var breakpointList = BreakpointList()
  @usableFromInline let changes = ChangeSignal()
  /// Describes entries, for the events of the reductions kept when their entries go.
  @usableFromInline let describer: EntryDescriber<Action>
  /// The record of entry `index`, specialised for the feature's types (see
  /// ``SpecialisedRecording``): what taking events describes every reduction with.
  let describeEntry: @MainActor (Recorder, Int) -> HistoryRecord?
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
  /// ``Sluice/Reducer/recordingReads(in:)``, and `recordingDependencies()` for a program's
  /// own store); `nil` otherwise, which spares every action asking.
  @usableFromInline let tape: ReadTape?
  /// The feature's secrets, masked in the diffs events carry.
  @usableFromInline let redaction: Redaction

  init(
    options: SessionOptions, timeline: Timeline<State, Action>, replayGuard: ReplayGuard, manualClock: ManualClock?,
    tape: ReadTape?, redaction: Redaction = .none, describer: EntryDescriber<Action>,
    describeEntry: @escaping @MainActor (Recorder, Int) -> HistoryRecord?
  ) {
    self.redaction = redaction
    self.describeEntry = describeEntry
    self.options = options
    self.timeline = timeline
    self.replayGuard = replayGuard
    self.manualClock = manualClock
    self.tape = tape
    self.describer = describer
  }

  /// Whether reductions are diffed: for a terminal that shows something of them, or for
  /// programs that read every change.
  @inlinable var wantsPreviousState: Bool { options.diffDisplay != .off || options.eventsCarryChanges }

  // MARK: - The events of every action

  /// An action waits in the store's queue: its origin is captured while the job that sent
  /// it is still known. (An action reduced as soon as it is sent never waits: its origin is
  /// taken when it is recorded, which is as soon.)
  @inlinable
  func noteQueued(_ context: ActionContext) {
    scheduler.arrive(action: context.sequence, origin: origin(of: context))
    if context.origin == .tool { pendingOrigin = nil }
    changes.notify()
  }

  /// Records an action reduced between the readings `start` and `end`: the end is also its
  /// time on the session's clock, unless that clock is virtual, so no third reading is
  /// taken.
  @inlinable
  func record(
    _ action: Action, context: ActionContext, oldState: State?, newState: State,
    reducedFrom start: ClockReading, to end: ClockReading
  ) -> FollowUp {
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
  ) -> FollowUp {
    precondition(
      !replayGuard.isReplaying,
      "the feature's reducer sent an action to its store while the debugger replayed history; a reducer must not send")
    let departed = scheduler.knowsQueuedActions ? scheduler.depart(action: context.sequence) : nil
    let origin = departed ?? originOfUnqueued(context)
    var diff: StateDiff?
    if wantsPreviousState, let oldState {
      diff = reductionDiff(from: oldState, to: newState)
    }
    return append(
      .action(action), context: context, origin: origin, diff: diff, nanoseconds: nanoseconds,
      reduceNanoseconds: reduceNanoseconds, reads: tape?.takeReads(for: ObjectIdentifier(State.self)) ?? [], producing: newState)
  }

  /// Records an action or an edit as the next entry, and its event: at the present, so a
  /// timeline looking at the past forks at its position first.
  @inlinable
  @inline(__always)
  func append(
    _ step: HistoryStep<Action>, context: ActionContext, origin: EntryOrigin, diff: StateDiff?, nanoseconds: Int64,
    reduceNanoseconds: UInt64, reads: [RecordedRead], producing newState: State
  ) -> FollowUp {
    defer { changes.notify() }
    if !timeline.isAtPresent { forkAtPosition() }
    let index = timeline.history.nextIndex
    // Events are taken later, and describe their entries then: the ones about to be folded
    // away are kept now, or they would never be reported.
    if let lastFolded = timeline.history.lastFoldedByNextAppend { keepWaitingReductions(through: lastFolded) }
    timeline.append(
      step, context: context, origin: origin, nanoseconds: nanoseconds, reduceNanoseconds: reduceNanoseconds,
      changedPaths: diff?.changedPaths, reads: reads, producing: newState)
    recordedCount &+= 1
    revision &+= 1
    if options.diffDisplay == .full || options.eventsCarryChanges, let diff {
      events.emitReduction(index, diff: redaction.masking(diff))
    } else {
      events.emitReduction(index)
    }
    return breakpointList.isEmpty ? .none : .checkWatchpoints(after: index)
  }

  /// The origin of an action reduced as soon as it was sent, which the scheduler never saw:
  /// a pending origin is its, and is used up.
  @inlinable
  func originOfUnqueued(_ context: ActionContext) -> EntryOrigin {
    switch context.origin {
    case .tool:
      guard let pending = pendingOrigin else { return .user }
      pendingOrigin = nil
      return pending
    case .external:
      // The program's own send, the common case of an attached program: answered here, in
      // line, rather than by the out-of-line `origin(of:)` (26 instructions a send).
      return .external
    case .effect, .job:
      return origin(of: context)
    }
  }

  // MARK: - Out of line

  /// Who sent the action with `context`, as far as the store's context and the jobs known
  /// now tell.
  @usableFromInline
  func origin(of context: ActionContext) -> EntryOrigin {
    switch context.origin {
    case .tool:
      // The debugger's: the shell's, a script's, a request's, as the send said.
      return pendingOrigin ?? .user
    case .external:
      // The program's own code, outside the debugger.
      return .external
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
