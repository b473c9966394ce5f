import Sluice

/// What stepping may do next while the store is paused: the jobs the session holds and the
/// order in which they and the queued actions arrived, so that a step takes the oldest.
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
  private var arrivalOrder: [Unit: Int] = [:]
  private var nextArrival = 0
  /// Jobs that ended lately, so a step can report how the job it ran ended.
  private var recentlyEnded: [JobID: JobInfo] = [:]

  /// Notes a queued action or held job, so stepping takes the oldest first.
  mutating func arrive(_ unit: Unit) {
    arrivalOrder[unit] = nextArrival
    nextArrival += 1
  }

  /// Forgets a queued action: reduced or dropped.
  mutating func depart(_ unit: Unit) {
    arrivalOrder[unit] = nil
  }

  mutating func noteScheduled(_ job: JobInfo) {
    knownJobs[job.id] = job
  }

  /// Holds `job`; `checked` says whether job breakpoints have had their say about it.
  mutating func hold(_ job: JobInfo, checked: Bool) {
    heldJobs.insert(job.id)
    if checked { checkedJobs.insert(job.id) }
    knownJobs[job.id] = job
    arrive(.job(job.id))
  }

  mutating func noteEnded(_ job: JobInfo) {
    knownJobs[job.id] = nil
    recentlyEnded[job.id] = job
    if recentlyEnded.count > 64 { recentlyEnded.removeAll() }
    heldJobs.remove(job.id)
    checkedJobs.remove(job.id)
    arrivalOrder[.job(job.id)] = nil
  }

  /// Stops holding `id`, for a step or a release.
  mutating func unhold(_ id: JobID) {
    heldJobs.remove(id)
    checkedJobs.remove(id)
    arrivalOrder[.job(id)] = nil
  }

  /// Held jobs, oldest first.
  var heldInArrivalOrder: [JobID] {
    heldJobs.sorted { (arrivalOrder[.job($0)] ?? .max, $0) < (arrivalOrder[.job($1)] ?? .max, $1) }
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
    return candidates.min { (arrivalOrder[$0] ?? .max) < (arrivalOrder[$1] ?? .max) }
  }

  /// How a job that ended lately ended.
  mutating func takeEnded(_ id: JobID) -> JobInfo? {
    recentlyEnded.removeValue(forKey: id)
  }

  /// Forgets every held job and queued action: the work they stood for was abandoned.
  mutating func forgetWaitingWork() {
    heldJobs.removeAll()
    checkedJobs.removeAll()
    arrivalOrder.removeAll()
  }
}
