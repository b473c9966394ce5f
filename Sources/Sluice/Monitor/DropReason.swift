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
  /// Whoever controls the store took it out of the queue (see
  /// ``Store/discardQueuedActions(reason:)``); the text says why, for example a debugger's
  /// time travel abandoning the timeline the action belonged to.
  case discarded(String)
}
