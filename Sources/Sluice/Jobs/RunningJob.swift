/// The job whose task is running, for what must follow the store's order of jobs rather than
/// the order in which their tasks happen to run: a ``ManualClock`` wakes sleeps due at the
/// same instant in the order their jobs were scheduled.
enum RunningJob {
  /// The job whose body (or a task it started) is running; `nil` outside every job.
  @TaskLocal static var id: JobID?
}
