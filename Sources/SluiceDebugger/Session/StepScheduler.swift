import DequeModule
import Sluice

/// What stepping may do next while the store is paused: the jobs the session holds and the
/// order in which they and the queued actions arrived, so that a step takes the oldest; and
/// who sent each queued action, captured while the job that sent it was still known.
@usableFromInline
struct StepScheduler {
  /// A unit of work stepping can perform: reduce a queued action, or run a held job.
  enum Unit: Hashable {
    case action(UInt64)
    case job(JobID)
  }

  /// Jobs seen scheduled and not yet ended.
  private(set) var knownJobs: [JobID: JobInfo] = [:]
  /// Jobs the session holds: all of them while paused, and those a job breakpoint stopped.
  private(set) var heldJobs: Set<JobID> = []
  /// Held jobs already checked against job breakpoints (or stopped by one), so that
  /// `continue` checks each job once.
  private var checkedJobs: Set<JobID> = []
  /// When each held job arrived.
  private var jobArrivals: [JobID: Int] = [:]
  /// The actions in the store's queue, in the order they were queued, which is the order of
  /// their sequence numbers and the order the store reduces them in: so an action leaves
  /// from the front, with no hashing on the way in or out.
  @usableFromInline private(set) var queuedActions = Deque<QueuedAction>()
  /// The action queued last, kept apart from `queuedActions` (whose every element is older):
  /// most actions are reduced as soon as they are queued, and one slot costs less than an
  /// append and a removal each.
  @usableFromInline private(set) var newestAction: QueuedAction?
  private var nextArrival = 0

  /// An action in the store's queue.
  @usableFromInline
  struct QueuedAction {
    let sequence: UInt64
    let arrival: Int
    let origin: EntryOrigin
  }
  /// Jobs that ended lately, so a step can report how the job it ran ended.
  private var recentlyEnded: [JobID: JobInfo] = [:]

  /// Notes a queued action and who sent it, so stepping takes the oldest unit first.
  @usableFromInline
  mutating func arrive(action sequence: UInt64, origin: EntryOrigin) {
    if let newestAction { queuedActions.append(newestAction) }
    newestAction = QueuedAction(sequence: sequence, arrival: nextArrival, origin: origin)
    nextArrival += 1
  }

  /// Whether any action is known to wait in the store's queue: when none is, an action being
  /// recorded never waited, and ``depart(action:)`` has nothing to say. Inlinable, so that
  /// recording an action that was reduced as soon as it was sent makes no call here.
  @inlinable var knowsQueuedActions: Bool { newestAction != nil || !queuedActions.isEmpty }

  /// Forgets a queued action, reduced or dropped, and says who sent it. Actions queued
  /// before it have left the queue too (dropped without a word, or discarded).
  @usableFromInline
  mutating func depart(action sequence: UInt64) -> EntryOrigin? {
    while let first = queuedActions.first, first.sequence < sequence {
      queuedActions.removeFirst()
    }
    if let first = queuedActions.first {
      guard first.sequence == sequence else { return nil }
      return queuedActions.removeFirst().origin
    }
    guard let newest = newestAction, newest.sequence <= sequence else { return nil }
    newestAction = nil
    return newest.sequence == sequence ? newest.origin : nil
  }

  /// Who sent the queued action `sequence`.
  func origin(ofQueued sequence: UInt64) -> EntryOrigin? {
    queued(sequence)?.origin
  }

  /// The queued action numbered `sequence`.
  private func queued(_ sequence: UInt64) -> QueuedAction? {
    if let newestAction, newestAction.sequence == sequence { return newestAction }
    return queuedActions.first { $0.sequence == sequence }
  }

  mutating func noteScheduled(_ job: JobInfo) {
    knownJobs[job.id] = job
  }

  /// Holds `job`; `checked` says whether job breakpoints have had their say about it.
  mutating func hold(_ job: JobInfo, checked: Bool) {
    heldJobs.insert(job.id)
    if checked { checkedJobs.insert(job.id) }
    knownJobs[job.id] = job
    jobArrivals[job.id] = nextArrival
    nextArrival += 1
  }

  mutating func noteEnded(_ job: JobInfo) {
    knownJobs[job.id] = nil
    recentlyEnded[job.id] = job
    if recentlyEnded.count > 64 { recentlyEnded.removeAll() }
    heldJobs.remove(job.id)
    checkedJobs.remove(job.id)
    jobArrivals[job.id] = nil
  }

  /// Stops holding `id`, for a step or a release.
  mutating func unhold(_ id: JobID) {
    heldJobs.remove(id)
    checkedJobs.remove(id)
    jobArrivals[id] = nil
  }

  /// Held jobs, oldest first.
  var heldInArrivalOrder: [JobID] {
    heldJobs.sorted { (arrival(of: .job($0)), $0) < (arrival(of: .job($1)), $1) }
  }

  /// Whether job breakpoints have not yet been asked about held job `id`.
  func isUnchecked(_ id: JobID) -> Bool {
    heldJobs.contains(id) && !checkedJobs.contains(id)
  }

  mutating func markChecked(_ id: JobID) {
    checkedJobs.insert(id)
  }

  /// The oldest unit among the held jobs and the action at the head of the queue.
  func oldestUnit(queueHead: UInt64?) -> Unit? {
    var candidates: [Unit] = heldJobs.map { .job($0) }
    if let queueHead { candidates.append(.action(queueHead)) }
    return candidates.min { arrival(of: $0) < arrival(of: $1) }
  }

  /// When `unit` arrived; `Int.max` when unknown, so it sorts last.
  private func arrival(of unit: Unit) -> Int {
    switch unit {
    case .action(let sequence): queued(sequence)?.arrival ?? .max
    case .job(let id): jobArrivals[id] ?? .max
    }
  }

  /// How a job that ended lately ended.
  mutating func takeEnded(_ id: JobID) -> JobInfo? {
    recentlyEnded.removeValue(forKey: id)
  }

  /// Forgets every held job and queued action: the work they stood for was abandoned. Held
  /// subscriptions stay: they belong to the store, not to the abandoned timeline, and the
  /// store still holds them until `continue` or a step releases them.
  mutating func forgetWaitingWork() {
    heldJobs = heldJobs.filter { knownJobs[$0]?.kind == .subscription }
    checkedJobs.formIntersection(heldJobs)
    jobArrivals = jobArrivals.filter { heldJobs.contains($0.key) }
    queuedActions.removeAll()
    newestAction = nil
  }
}
