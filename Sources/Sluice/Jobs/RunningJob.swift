/// The job whose task is running, for what must follow the store's order of jobs rather than
/// the order in which their tasks happen to run: a ``ManualClock`` wakes sleeps due at the
/// same instant in the order their jobs were scheduled. Set for the jobs of a store with a
/// monitor (see `Store.launch`).
enum RunningJob {
  /// The job whose body (or a task it started) is running; `nil` outside every job of a
  /// monitored store.
  @TaskLocal static var id: JobID?
}
