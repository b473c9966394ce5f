import Sluice

/// The spans of a session's jobs, oldest launch first: what `jobs --all` lists, `save`
/// writes and `export trace` draws. Written from the store's job events, which its monitor
/// hears apart from the actions, so keeping spans costs the send path nothing.
struct JobSpanLog {
  /// A span, and the store's number for the action its parent entry holds: an index is
  /// reused after a fork, so the span still names its parent only while the entry at that
  /// index is the same action.
  struct Kept: Equatable {
    var span: JobSpan
    let parentSequence: UInt64?
  }

  /// The spans, oldest launch first.
  private(set) var kept: [Kept] = []
  /// Where each running job's span is in `kept`.
  private var running: [JobID: Int] = [:]
  /// Why the debugger cancelled jobs that have not reported their end yet.
  private var cancellationReasons: [JobID: String] = [:]

  /// Starts the span of `job`, launched at `time` by the entry `parent` (its index and its
  /// action's sequence number), when known.
  mutating func launch(_ job: JobInfo, parent: (index: Int, sequence: UInt64)?, at time: Duration) {
    guard running[job.id] == nil else { return }
    running[job.id] = kept.count
    kept.append(
      Kept(
        span: JobSpan(
          id: job.id, name: job.name, kind: job.kind, parentIndex: parent?.index, launched: time, ended: nil,
          outcome: .running),
        parentSequence: parent?.sequence))
  }

  /// Notes why the debugger is cancelling the running job `id`, for its span's outcome.
  mutating func noteCancelling(_ id: JobID, reason: String) {
    if running[id] != nil { cancellationReasons[id] = reason }
  }

  /// Ends the span of `job` at `time`, as its status says. A job the session never saw
  /// launched (one a program's store ran before the debugger adopted it) has no span.
  mutating func end(_ job: JobInfo, at time: Duration) {
    guard let position = running.removeValue(forKey: job.id) else { return }
    let reason = cancellationReasons.removeValue(forKey: job.id)
    let outcome: JobSpan.Outcome
    switch job.status {
    case .pending, .running: outcome = .running
    case .finished: outcome = .finished
    case .cancelled: outcome = .cancelled(reason: reason ?? Self.storeReason(for: job))
    case .failed(let message): outcome = .failed(message: message)
    }
    kept[position].span.ended = max(time, kept[position].span.launched)
    kept[position].span.outcome = outcome
  }

  /// Ends the span of the running job `id` at `time`, cancelled by a `cancel` typed by hand
  /// (`reason` names the command): its span is the record `export test` replays it from.
  /// The store's report of the end, which comes later, then finds it ended.
  mutating func endCancelledByHand(
    _ id: JobID, reason: String, _ cancel: JobSpan.CancelledByHand, at time: Duration
  ) {
    guard let position = running.removeValue(forKey: id) else { return }
    cancellationReasons[id] = nil
    kept[position].span.ended = max(time, kept[position].span.launched)
    kept[position].span.outcome = .cancelled(reason: reason)
    kept[position].span.cancelledByHand = cancel
  }

  /// Lets go of the spans that ended before `time`, or of every ended span when `time` is
  /// `nil` (the history forgot everything before now: `reset`, `commit`).
  mutating func dropEnded(before time: Duration?) {
    let before = kept.count
    kept.removeAll { kept in kept.span.ended.map { ended in time.map { ended < $0 } ?? true } ?? false }
    guard kept.count != before else { return }
    running = [:]
    for (position, kept) in kept.enumerated() where kept.span.ended == nil { running[kept.span.id] = position }
  }

  /// Replaces every span with `spans` (a loaded file's). Jobs still running in the store go
  /// on unrecorded: `load` cancels them first.
  mutating func replace(with spans: [Kept]) {
    kept = spans
    running = [:]
    cancellationReasons = [:]
  }

  /// Why the store itself cancelled a job: the debugger gave no reason of its own.
  private static func storeReason(for job: JobInfo) -> String {
    guard let id = job.cancellationIDs.first else { return "cancelled by its store" }
    return "cancelled by its store, under the id \(id)"
  }
}
