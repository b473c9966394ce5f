/// The events a session leaves for the shell or the runner to take, and the signal that
/// some are waiting.
///
/// Reductions are kept as history indexes and described only when taken, so events nobody
/// takes cost no memory per action; consecutive ones without a diff wait as one range.
struct EventLog {
  /// An event waiting to be taken.
  private enum Pending {
    case event(DebugEvent)
    /// Consecutive reductions, by history index, without diffs.
    case reductions(ClosedRange<Int>)
    case reductionWithDiff(Int, StateDiff)
  }

  private var pending: [Pending] = []
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

  /// Adds a repeat of a cycle already reported; consecutive repeats of one cycle wait as
  /// one event carrying the latest count.
  mutating func emitCycleRepeat(_ report: CycleReport) {
    if case .event(.cycleRepeated(let waiting))? = pending.last, waiting.cycle == report.cycle {
      pending[pending.count - 1] = .event(.cycleRepeated(report))
      return
    }
    enqueue(.event(.cycleRepeated(report)))
  }

  /// Adds the reduction recorded as history entry `index`, with its diff if it carries one.
  mutating func emitReduction(_ index: Int, diff: StateDiff?) {
    if diff == nil, case .reductions(let run)? = pending.last, run.upperBound == index - 1 {
      pending[pending.count - 1] = .reductions(run.lowerBound...index)
      return
    }
    enqueue(diff.map { .reductionWithDiff(index, $0) } ?? .reductions(index...index))
  }

  private mutating func enqueue(_ event: Pending) {
    // One signal per batch: whoever takes the events takes them all.
    if pending.isEmpty { signal.yield() }
    pending.append(event)
  }

  /// Takes the waiting events, oldest first, describing reductions with `record`; those it
  /// no longer knows (folded out of the history since) are left out.
  mutating func take(describing record: (Int) -> HistoryRecord?) -> [DebugEvent] {
    defer { pending.removeAll() }
    var events: [DebugEvent] = []
    for event in pending {
      switch event {
      case .event(let event):
        events.append(event)
      case .reductions(let run):
        for index in run {
          if let record = record(index) { events.append(.reduced(record, diff: nil)) }
        }
      case .reductionWithDiff(let index, let diff):
        if let record = record(index) { events.append(.reduced(record, diff: diff)) }
      }
    }
    return events
  }

  /// Describes waiting reductions now, before the history entries they name are replaced
  /// (a fork, `toggle`, `reset`, `load`).
  mutating func describeReductions(with record: (Int) -> HistoryRecord?) {
    let events = take(describing: record)
    pending = events.map(Pending.event)
  }
}
