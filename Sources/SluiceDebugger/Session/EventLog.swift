import DequeModule

/// The events a session leaves for the shell or the runner to take, and the signal that
/// some are waiting.
///
/// Reductions are kept as history indexes and described only when taken, so events nobody
/// takes cost no memory per action; consecutive ones without a diff wait as one range.
/// Before the history lets entries go (a fold, a fork, a rewrite), the waiting reductions
/// that name those entries keep copies of them instead (``KeptReductions``), still described
/// only when taken.
///
/// At most ``waitingLimit`` events wait; past it the oldest are dropped and counted. Since a
/// history keeps at least that many entries by default, the reductions of a session nobody
/// takes events from are dropped before their entries are folded, and never copied.
@usableFromInline
struct EventLog {
  /// An event waiting to be taken.
  private enum Pending {
    case event(DebugEvent)
    /// Consecutive reductions, by history index, without diffs.
    case reductions(ClosedRange<Int>)
    case reductionWithDiff(Int, StateDiff)
    /// Reductions whose entries the history let go, with what describes them.
    case kept(KeptReductions)

    /// How many events it stands for.
    var count: Int {
      switch self {
      case .event, .reductionWithDiff: 1
      case .reductions(let run): run.count
      case .kept(let kept): kept.count
      }
    }
  }

  private var pending = Deque<Pending>()
  /// How many of `pending`, from the start, no longer name history entries (events, and
  /// reductions kept): a fold keeps only what came since the last one, so each reduction is
  /// copied once at most.
  private var keptPrefix = 0
  /// How many events wait at most: past it the oldest are dropped and counted
  /// (``DebugEvent/eventsDropped(count:)``), so a session nobody takes events from (a
  /// program recording with no client) holds bounded memory.
  @usableFromInline static var waitingLimit: Int { 10_000 }
  /// How many events wait, in `pending` and the trailing run.
  @usableFromInline var waitingCount = 0
  /// How many events were dropped since the last take.
  private var droppedCount = 0
  /// The run of reductions without diffs that follows `pending`, kept apart so that the
  /// next reduction extends it in place instead of copying the last pending event out and
  /// back on every action.
  @usableFromInline var trailingRun: ClosedRange<Int>?
  /// The latest repeat of each cycle not yet taken, and the order they came in.
  private var repeats: [[String]: CycleReport] = [:]
  private var repeatOrder: [[String]] = []
  /// How many stops were emitted so far: a command that runs until the first stop compares
  /// it before and after each unit of work.
  private(set) var stopCount = 0
  private let signal: AsyncStream<Void>.Continuation
  /// Yields, without payload, whenever events start waiting.
  let available: AsyncStream<Void>

  init() {
    (available, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// Adds an event. A move of virtual time right after another extends it.
  mutating func emit(_ event: DebugEvent) {
    switch event {
    case .stopped:
      stopCount &+= 1
    case .timeAdvanced(_, let to):
      if trailingRun == nil, case .event(.timeAdvanced(let from, _))? = pending.last {
        pending[pending.count - 1] = .event(.timeAdvanced(from: from, to: to))
        return
      }
    default:
      break
    }
    enqueue(.event(event))
  }

  /// Adds a repeat of a cycle already reported. Repeats of one cycle wait as one event,
  /// with the latest count, after everything else taken at the same time, and a take may
  /// leave them waiting: a runaway loop makes one line, not one per warning.
  mutating func emitCycleRepeat(_ report: CycleReport) {
    if !hasPending, repeats.isEmpty { signal.yield() }
    if repeats[report.cycle] == nil { repeatOrder.append(report.cycle) }
    repeats[report.cycle] = report
  }

  /// Adds the reduction recorded as history entry `index`, with its diff.
  @usableFromInline
  mutating func emitReduction(_ index: Int, diff: StateDiff) {
    enqueue(.reductionWithDiff(index, diff))
  }

  /// Adds the reduction recorded as history entry `index`, without a diff. Inlinable for
  /// its common case, the entry after the trailing run, which only extends the run.
  @inlinable
  mutating func emitReduction(_ index: Int) {
    if let run = trailingRun, run.upperBound == index &- 1 {
      trailingRun = run.lowerBound...index
      waitingCount &+= 1
      if waitingCount > Self.waitingLimit { dropOldest() }
    } else {
      startTrailingRun(at: index)
    }
  }

  /// Starts a run of reductions without diffs at `index`, after whatever is pending.
  @usableFromInline
  mutating func startTrailingRun(at index: Int) {
    // One signal per batch: whoever takes the events takes them all.
    if !hasPending { signal.yield() }
    closeTrailingRun()
    trailingRun = index...index
    waitingCount += 1
    if waitingCount > Self.waitingLimit { dropOldest() }
  }

  private var hasPending: Bool { !pending.isEmpty || trailingRun != nil }

  /// Whether a take would return anything: asked before every command, and most often no.
  var isEmpty: Bool { !hasPending && droppedCount == 0 && repeatOrder.isEmpty }

  private mutating func enqueue(_ event: Pending) {
    if !hasPending { signal.yield() }
    closeTrailingRun()
    pending.append(event)
    waitingCount += event.count
    if waitingCount > Self.waitingLimit { dropOldest() }
  }

  /// Drops the oldest waiting events, counting them, until at most the limit wait: a stride
  /// below it, so that a session nobody takes events from drops once every so many actions.
  @usableFromInline
  mutating func dropOldest() {
    var excess = waitingCount - Self.waitingLimit + Self.dropStride
    while excess > 0 {
      if pending.isEmpty {
        // Only the trailing run waits: its oldest go.
        guard let run = trailingRun else { break }
        let dropped = min(excess, run.count - 1)
        guard dropped > 0 else { break }
        trailingRun = (run.lowerBound + dropped)...run.upperBound
        note(dropped: dropped)
        excess -= dropped
        continue
      }
      if case .reductions(let run) = pending[0], run.count > excess {
        pending[0] = .reductions((run.lowerBound + excess)...run.upperBound)
        note(dropped: excess)
        return
      }
      let first = pending.removeFirst()
      if keptPrefix > 0 { keptPrefix -= 1 }
      note(dropped: first.count)
      excess -= first.count
    }
  }

  /// How many reductions wait as copies of their entries.
  var keptCount: Int {
    pending.reduce(0) { count, event in
      if case .kept(let kept) = event { count + kept.count } else { count }
    }
  }

  /// How many events below the limit a drop leaves waiting.
  private static var dropStride: Int { 32 }

  private mutating func note(dropped count: Int) {
    droppedCount += count
    waitingCount -= count
  }

  /// Moves the trailing run into `pending`, before an event that comes after it.
  private mutating func closeTrailingRun() {
    if let run = trailingRun {
      pending.append(.reductions(run))
      trailingRun = nil
    }
  }

  /// Takes the waiting events, oldest first, describing reductions with `record`; those it
  /// no longer knows (folded out of the history since) are left out. Cycle repeats come
  /// last, unless `holdingCycleRepeats`: then they wait on, counting, for a later take.
  /// Reductions are shown with `shown`, the session's display.
  mutating func take(
    describing record: (Int) -> HistoryRecord?, shown: DiffDisplay = .full, holdingCycleRepeats: Bool = false
  ) -> [DebugEvent] {
    closeTrailingRun()
    var events: [DebugEvent] = droppedCount > 0 ? [.eventsDropped(count: droppedCount)] : []
    for event in pending {
      switch event {
      case .event(let event):
        events.append(event)
      case .reductions(let run):
        for index in run {
          if let record = record(index) { events.append(.reduced(record, diff: nil, shown: shown)) }
        }
      case .reductionWithDiff(let index, let diff):
        if let record = record(index) { events.append(.reduced(record, diff: diff, shown: shown)) }
      case .kept(let kept):
        events += kept.describe()
      }
    }
    pending.removeAll()
    keptPrefix = 0
    waitingCount = 0
    droppedCount = 0
    guard !holdingCycleRepeats else { return events }
    events += repeatOrder.compactMap { repeats[$0] }.map(DebugEvent.cycleRepeated)
    repeats.removeAll()
    repeatOrder.removeAll()
    return events
  }

  /// Keeps the waiting reductions of entries `...last` (all of them when `nil`), with
  /// `keep`, before those entries go (a fold, a fork, `toggle`, `reset`, `load`); the later
  /// ones, and cycle repeats, wait on as they are. `keep` copies the entries of a run of
  /// indexes, each with the diff given.
  @usableFromInline
  mutating func keepReductions(through last: Int? = nil, with keep: (ClosedRange<Int>, StateDiff?) -> KeptReductions) {
    let last = last ?? .max
    closeTrailingRun()
    while keptPrefix < pending.count {
      switch pending[keptPrefix] {
      case .event, .kept:
        break
      case .reductions(let run):
        guard run.lowerBound <= last else { return }
        if run.upperBound > last {
          // Its later part waits on as indexes, after the part kept.
          pending[keptPrefix] = .reductions((last + 1)...run.upperBound)
          pending.insert(.kept(keep(run.lowerBound...last, nil)), at: keptPrefix)
        } else {
          pending[keptPrefix] = .kept(keep(run, nil))
        }
      case .reductionWithDiff(let index, let diff):
        guard index <= last else { return }
        pending[keptPrefix] = .kept(keep(index...index, diff))
      }
      keptPrefix += 1
    }
  }
}

/// Reductions whose history entries are gone, kept for the events nobody took yet: how many,
/// and a function that describes them (the entries it captured), called when they are taken.
@usableFromInline
struct KeptReductions {
  /// How many reductions.
  let count: Int
  /// Their `reduced` events, in order.
  let describe: () -> [DebugEvent]

  @usableFromInline
  init(count: Int, describe: @escaping () -> [DebugEvent]) {
    self.count = count
    self.describe = describe
  }
}
