import Sluice

/// Running a debugged feature: sending actions, waiting, moving virtual time, and pausing and
/// stepping through middleware and effects.
@MainActor
public protocol SessionRunning: AnyObject {
  /// Decodes `text` (Swift-like, or JSON) as an action and sends it.
  ///
  /// - Returns: Whether the store took the action or it waits in the queue of a paused
  ///   store; a caller can tell without asking the history before and after.
  @discardableResult
  func send(_ text: String, origin: EntryOrigin) throws(DebugError) -> SendOutcome
  /// Sends the action of a `send` command, from the literal the command parser read when it
  /// has one (the text is then not parsed again), as ``send(_:origin:)`` does.
  @discardableResult
  func send(_ action: ActionArgument, origin: EntryOrigin) throws(DebugError) -> SendOutcome
  /// Sets the value at the edit's path in the current state, and records the edit as a
  /// history entry of its own kind (`set var PATH = VALUE`).
  ///
  /// - Returns: The entry's index.
  /// - Throws: When the path leads nowhere, or the value is not of the type found there.
  @discardableResult
  func setValue(_ edit: StateEdit, origin: EntryOrigin) throws(DebugError) -> Int
  /// Waits until the store is idle or paused, or every job waits for virtual time; or until
  /// `timeout` of real time passes. With `nil`, the bound is the session's wait limit (``SessionOptions/waitLimit``)
  /// of real time without any progress.
  func wait(timeout: Duration?) async -> WaitOutcome
  /// Moves virtual time forward, running what each deadline wakes; returns the new time.
  func advance(by duration: Duration) async throws(DebugError) -> Duration
  /// Pauses before the next action; jobs scheduled from now on wait to be stepped.
  func pause()
  /// Performs the oldest unit of work while paused.
  func step() async throws(DebugError) -> StepReport
  /// Steps until everything the current action caused is done, or the first stop on the way.
  func next() async throws(DebugError) -> [StepReport]
  /// Resumes; the store runs until a breakpoint or idle.
  func continueRunning()
  /// Cancels the live jobs `reference` names: an id (`3`) or a name (every live
  /// job of that name). Each is reported as a ``DebugEvent/jobCancelled(_:reason:)``.
  ///
  /// - Returns: The jobs cancelled.
  /// - Throws: When no live job has that id or name; the message lists the live jobs.
  @discardableResult
  func cancelJobs(_ reference: String) throws(DebugError) -> [JobInfo]
}
