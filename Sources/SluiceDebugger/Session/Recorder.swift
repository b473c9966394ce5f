import DequeModule
import Sluice

/// What a session does on every action, with the state that work touches: the timeline,
/// queued actions' origins, the events waiting for the shell, kept chain roots and the
/// counters a save compares.
///
/// Kept apart from ``Session`` for speed. The store's monitor calls it through functions
/// created where the feature's types are known (``Session/specialised()``), so all of this
/// runs specialised; and those functions hold it strongly, because nothing refers to it
/// weakly: an object that is weakly referenced pays a slower retain and release every time,
/// which on every action added up to a tenth of recording. It refers to its session weakly,
/// only for what recording hands on: breakpoints and watchpoints, cycles, jobs, and
/// describing entries before a fork replaces them.
///
/// Its properties skip dynamic exclusivity checks, as the store's do: on the main actor, and
/// no access to one spans a call that could reach it, since recording calls no user code.
/// The timeline is the exception and keeps its check (about 200 instructions an action):
/// replaying history runs the feature's reducer while the timeline changes, and a reducer
/// that sends to its store from a dependency would reach it; the check makes that a trap
/// instead of a silent overlap.
@MainActor
@usableFromInline
final class Recorder<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  @usableFromInline @exclusivity(unchecked) var options: SessionOptions
  @usableFromInline var timeline: Timeline<State, Action>
  @usableFromInline @exclusivity(unchecked) var scheduler = StepScheduler()
  @usableFromInline @exclusivity(unchecked) var events = EventLog()
  @usableFromInline @exclusivity(unchecked) var breakpointList = BreakpointList()
  @usableFromInline let changes = ChangeSignal()
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
  @usableFromInline @exclusivity(unchecked) var pendingOrigin: EntryOrigin?
  /// The clock when time is virtual.
  let manualClock: ManualClock?
  private let startedAt = ContinuousClock.now
  /// The session this records for.
  @usableFromInline weak var session: Session<State, Action>?

  /// How many chain roots are kept beyond the history.
  @inlinable static var keptRootLimit: Int { 256 }

  init(options: SessionOptions, timeline: Timeline<State, Action>, manualClock: ManualClock?) {
    self.options = options
    self.timeline = timeline
    self.manualClock = manualClock
  }

  @inlinable var wantsPreviousState: Bool { options.diffDisplay != .off }

  // MARK: - The three events of every action

  /// An action entered the store's queue: its origin is captured while the job that sent
  /// it is still known.
  @inlinable
  func noteQueued(_ context: ActionContext) {
    scheduler.arrive(action: context.sequence, origin: origin(of: context))
    if context.origin == .external { pendingOrigin = nil }
    changes.notify()
  }

  /// The store is about to reduce an action.
  @inlinable
  func noteWillReduce() {
    changes.notify()
  }

  /// Records a reduced action.
  @inlinable
  func record(
    _ action: Action, context: ActionContext, oldState: State?, newState: State, duration: Duration
  ) {
    defer { changes.notify() }
    // Reduced while looking at the past: the timeline forks at the state the store holds.
    if !timeline.isAtPresent { session?.forkBeforeRecording() }
    let origin = scheduler.depart(action: context.sequence) ?? origin(of: context)
    var diff: StateDiff?
    if options.diffDisplay != .off, let oldState {
      diff = reductionDiff(from: oldState, to: newState)
    }
    let entry = History<State, Action>.Entry(
      index: timeline.history.nextIndex, action: action, origin: origin,
      context: context, time: elapsedTime, reduceDuration: duration,
      changedPaths: diff?.changedPaths)
    timeline.append(entry, producing: newState)
    recordedCount &+= 1
    if context.parent == nil { keepRoot(entry) }
    revision &+= 1
    events.emitReduction(entry.index, diff: options.diffDisplay == .full ? diff : nil)
    if !breakpointList.isEmpty { session?.checkWatchpoints(after: entry.index, in: newState) }
  }

  /// Asked before each reduction: whether an action breakpoint stops it.
  @inlinable
  func shouldPause(before action: Action) -> Bool {
    guard !breakpointList.isEmpty else { return false }
    return session?.stopsAtActionBreakpoint(before: action) ?? false
  }

  /// Keeps a chain's root for `bt`, bounded: the oldest is forgotten. (It used to sort the
  /// kept roots' numbers every 256 roots, in unspecialised generic code: 40% of what
  /// recording an action cost.)
  @inlinable
  func keepRoot(_ entry: History<State, Action>.Entry) {
    // Roots are recorded in the order they are reduced, the order of their sequence
    // numbers; should the numbers ever start over, so do the roots.
    if entry.context.sequence <= newestRootSequence { recentRoots.removeAll() }
    newestRootSequence = entry.context.sequence
    recentRoots.append(entry)
    if recentRoots.count > Self.keptRootLimit { recentRoots.removeFirst() }
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
  @usableFromInline var elapsedTime: Duration {
    if let manualClock { return manualClock.now.offset }
    return startedAt.duration(to: .now)
  }
}
