/// The events a session leaves for the shell or the runner to take, and the signal that
/// some are waiting.
///
/// Reductions are kept as history indexes and described only when taken, so events nobody
/// takes cost no memory per action; consecutive ones without a diff wait as one range.
@usableFromInline
struct EventLog {
  /// An event waiting to be taken.
  private enum Pending {
    case event(DebugEvent)
    /// Consecutive reductions, by history index, without diffs.
    case reductions(ClosedRange<Int>)
    case reductionWithDiff(Int, StateDiff)
  }

  private var pending: [Pending] = []
  /// How many of `pending`, from the start, are described already: a fold describes only
  /// what came since the last one, so events nobody takes are described once each.
  private var describedCount = 0
  /// How many described events wait at most: past it the oldest are dropped and counted
  /// (``DebugEvent/eventsDropped(count:)``), so a session nobody takes events from (a
  /// program recording with no client) holds bounded memory.
  static var describedLimit: Int { 10_000 }
  /// How many events were dropped since the last take.
  private var droppedCount = 0
  /// The run of reductions without diffs that follows `pending`, kept apart so that the
  /// next reduction extends it in place instead of copying the last pending event out and
  /// back on every action.
  @usableFromInline var trailingRun: ClosedRange<Int>?
  /// The latest repeat of each cycle not yet taken, and the order they came in.
  private var repeats: [[String]: CycleReport] = [:]
  private var repeatOrder: [[String]] = []
  private let signal: AsyncStream<Void>.Continuation
  /// Yields, without payload, whenever events start waiting.
  let available: AsyncStream<Void>

  init() {
    (available, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
  }

  /// Adds an event.
  mutating func emit(_ event: DebugEvent) {
    enqueue(.event(event))
  }

  /// Adds a repeat of a cycle already reported. Repeats of one cycle wait as one event,
  /// with the latest count, after everything else taken at the same time: a runaway loop
  /// makes one line per look, not one per warning.
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
  }

  private var hasPending: Bool { !pending.isEmpty || trailingRun != nil }

  private mutating func enqueue(_ event: Pending) {
    if !hasPending { signal.yield() }
    closeTrailingRun()
    pending.append(event)
  }

  /// Moves the trailing run into `pending`, before an event that comes after it.
  private mutating func closeTrailingRun() {
    if let run = trailingRun {
      pending.append(.reductions(run))
      trailingRun = nil
    }
  }

  /// Takes the waiting events, oldest first, describing reductions with `record`; those it
  /// no longer knows (folded out of the history since) are left out. Cycle repeats come last.
  mutating func take(describing record: (Int) -> HistoryRecord?) -> [DebugEvent] {
    closeTrailingRun()
    let dropped: [DebugEvent] = droppedCount > 0 ? [.eventsDropped(count: droppedCount)] : []
    let events =
      dropped + describe(pending[...], with: record) + repeatOrder.compactMap { repeats[$0] }.map(DebugEvent.cycleRepeated)
    pending.removeAll()
    describedCount = 0
    droppedCount = 0
    repeats.removeAll()
    repeatOrder.removeAll()
    return events
  }

  /// Describes waiting reductions now, before the history entries they name are replaced
  /// (a fork, `toggle`, `reset`, `load`); cycle repeats wait on as they are.
  mutating func describeReductions(with record: (Int) -> HistoryRecord?) {
    closeTrailingRun()
    let described = describe(pending[describedCount...], with: record).map(Pending.event)
    pending.replaceSubrange(describedCount..., with: described)
    describedCount = pending.count
    if describedCount > Self.describedLimit {
      let excess = describedCount - Self.describedLimit
      pending.removeFirst(excess)
      describedCount -= excess
      droppedCount += excess
    }
  }

  /// `events` with reductions described, in order.
  private func describe(_ events: ArraySlice<Pending>, with record: (Int) -> HistoryRecord?) -> [DebugEvent] {
    var described: [DebugEvent] = []
    for event in events {
      switch event {
      case .event(let event):
        described.append(event)
      case .reductions(let run):
        for index in run {
          if let record = record(index) { described.append(.reduced(record, diff: nil)) }
        }
      case .reductionWithDiff(let index, let diff):
        if let record = record(index) { described.append(.reduced(record, diff: diff)) }
      }
    }
    return described
  }
}
