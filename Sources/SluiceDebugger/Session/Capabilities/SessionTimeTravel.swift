/// Moving a debugged feature through its history: jumping to an entry, skipping one, and
/// starting afresh.
@MainActor
public protocol SessionTimeTravel: AnyObject {
  /// Makes the state the one after entry `index` (0: the base state).
  func jump(to index: Int) throws(DebugError)
  /// Skips or restores entry `index`, recomputing later states; returns whether it is skipped.
  func toggle(_ index: Int) throws(DebugError) -> Bool
  /// Steps back through history, as `jump` to an earlier entry: one entry (`reverse-step`),
  /// or over the whole causal chain of the entry at the position, to the entry before its
  /// root (`overChain`, `reverse-next`).
  ///
  /// - Returns: The entry now at the position.
  @discardableResult
  func stepBack(overChain: Bool) throws(DebugError) -> Int
  /// Puts `action` in place of entry `index`, recomputing later states (`replace`); the
  /// history before the first what-if is kept as the original.
  func replace(_ index: Int, with action: ActionArgument) throws(DebugError)
  /// Finds a smallest subsequence of the root actions whose replay still shows `goal` (the
  /// first cycle warned of, else the first job that failed, when `nil`), replaying each candidate in a session
  /// `makeScratch` makes, at most `budget` times, and makes it the timeline, keeping the
  /// history before as the original (`shrink`). `progress` hears after each replay; a pause
  /// asked of the session (Ctrl-C) ends the search with the best found so far.
  func shrink(
    _ goal: ShrinkGoal?, budget: Int, makeScratch: @escaping ScratchSessionMaker,
    progress: @escaping @MainActor (ShrinkProgress) -> Void
  ) async throws(DebugError) -> Shrinking
  /// Sends `action` before entry `index` (one past the last: after it), at that entry's time,
  /// and replays the actions sent with it in a session `makeScratch` makes, effects and timers
  /// running; the replay becomes the timeline, the history before kept as the original
  /// (`insert`). The action is recorded as sent by `origin`.
  func insert(_ action: ActionArgument, before index: Int, origin: EntryOrigin, makeScratch: @escaping ScratchSessionMaker)
    async throws(DebugError)
  /// Goes back to the original history, dropping the what-ifs (`original restore`).
  func restoreOriginal() throws(DebugError)
  /// Keeps the history as the what-ifs made it, forgetting the original (`original forget`).
  func forgetOriginal() throws(DebugError)
  /// Returns to the base state and forgets history.
  func reset()
  /// Makes the current state the base and forgets history.
  func commit()
}
