/// One `cancellable(id:)` region of a running effect: the jobs started inside it, and whether
/// it was cancelled, so the unstarted rest of a concatenation inside it never starts.
@usableFromInline
final class CancellationScope {
  let id: EffectID
  private(set) var isCancelled = false
  private(set) var jobIDs: Set<JobID> = []

  init(id: EffectID) {
    self.id = id
  }

  func add(_ job: JobID) { jobIDs.insert(job) }
  func remove(_ job: JobID) { jobIDs.remove(job) }

  /// Marks the scope cancelled and returns the jobs to cancel.
  func cancel() -> Set<JobID> {
    isCancelled = true
    return jobIDs
  }
}

extension [CancellationScope] {
  /// Whether any enclosing scope was cancelled.
  var anyCancelled: Bool { contains { $0.isCancelled } }
}
