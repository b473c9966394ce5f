import Sluice

/// What the recording core asks of its session, and nothing more: the port through which
/// ``SpecialisedRecording``'s observer reaches the session without knowing its type. The
/// session makes it, holding itself weakly (the store owns the observer, and the session the
/// store), so only the recorder and these four stay inlinable.
@usableFromInline
@MainActor
struct RecordingHooks<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  /// Raised from any thread to pause the store between two actions (see `PauseRequest`).
  @usableFromInline let pauseRequest: PauseRequest
  /// Asked before each reduction while there are breakpoints: whether to stop before it.
  @usableFromInline let shouldPause: @MainActor (Action, ActionContext) -> Bool
  /// Called after a reduction that the recorder says watchpoints must look at.
  @usableFromInline let checkWatchpoints: @MainActor (_ index: Int, _ state: State) -> Void
  /// Pauses the store before its next action, as `pause` does.
  @usableFromInline let pause: @MainActor () -> Void

  init(
    pauseRequest: PauseRequest, shouldPause: @escaping @MainActor (Action, ActionContext) -> Bool,
    checkWatchpoints: @escaping @MainActor (Int, State) -> Void, pause: @escaping @MainActor () -> Void
  ) {
    self.pauseRequest = pauseRequest
    self.shouldPause = shouldPause
    self.checkWatchpoints = checkWatchpoints
    self.pause = pause
  }
}
