/// Why a store refused to reduce an action.
public enum DropReason: Hashable, Sendable {
  /// The job that sent it had been cancelled.
  case jobCancelled(JobID)
  /// The job that sent it had already ended; its `Send` escaped the job.
  case jobEnded(JobID)
  /// The store had been released.
  case storeReleased
  /// The cycle detector's break policy cut the chain this action belongs to.
  case cycleBroken(CycleWarning)
}
