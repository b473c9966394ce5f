/// The tasks of a store's running jobs.
///
/// Owned by the store alone, so it goes away exactly when the store does: its `deinit`
/// cancels every job still running and tells the completion tracker that nothing more will
/// happen, which is how releasing a store tears everything down.
final class TaskHandles {
  private var tasks: [JobID: Task<Void, Never>] = [:]
  private let tracker: ActorBound<CompletionTracker>

  init(tracker: ActorBound<CompletionTracker>) {
    self.tracker = tracker
  }

  func insert(_ task: Task<Void, Never>, for job: JobID) { tasks[job] = task }
  func remove(_ job: JobID) { tasks[job] = nil }
  func cancel(_ job: JobID) { tasks[job]?.cancel() }

  deinit {
    for task in tasks.values { task.cancel() }
    Task { [tracker] in await tracker.withValue { $0.close() } }
  }
}
