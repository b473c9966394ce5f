import Sluice

/// The session's work on every action and every event, compiled where the feature's types
/// are known.
///
/// A session's `State` and `Action` are generic parameters, and code compiled for them in
/// general looks up their generic metadata at run time: on every action, that cost more than
/// the work itself. ``Feature``'s inlinable initialiser makes this value where the types are
/// concrete (``forFeatureTypes()``), so the functions in it run specialised; the session is
/// built with it, and nothing is replaced afterwards.
@usableFromInline
struct SpecialisedRecording<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: Sendable {
  /// The store's action observer: it has the recorder record every action, and does what
  /// the recorder's answer asks of the session through its hooks.
  @usableFromInline let observer: @MainActor @Sendable (Recorder<State, Action>, RecordingHooks<State, Action>) -> ActionObserver<State, Action>
  /// The record of a history entry, for the events clients take after every command.
  @usableFromInline let record: @MainActor @Sendable (Recorder<State, Action>, Int) -> HistoryRecord?
  /// Sends an action to the store.
  @usableFromInline let send: @MainActor @Sendable (Store<State, Action>, Action) -> Void

  @inlinable
  init(
    observer: @escaping @MainActor @Sendable (Recorder<State, Action>, RecordingHooks<State, Action>) -> ActionObserver<State, Action>,
    record: @escaping @MainActor @Sendable (Recorder<State, Action>, Int) -> HistoryRecord?,
    send: @escaping @MainActor @Sendable (Store<State, Action>, Action) -> Void
  ) {
    self.observer = observer
    self.record = record
    self.send = send
  }

  /// The functions, specialised for `State` and `Action` when called where they are
  /// concrete.
  @inlinable
  static func forFeatureTypes() -> Self {
    Self(
      observer: { recorder, hooks in
        // A store in a synchronous loop never gives the actor back: the pause request, raised
        // from any thread, is looked at between two actions, every `checkInterval` of them,
        // counted by the recorder's own count (a variable of this closure's would be boxed,
        // and its exclusivity checked at run time: a tenth of benchmark 2's cost).
        let pauseRequest = hooks.pauseRequest
        return ActionObserver(
          queued: { _, context in recorder.noteQueued(context) },
          shouldPause: hooks.shouldPause,
          reduced: { action, context, oldState, newState, start, end in
            let followUp = recorder.record(
              action, context: context, oldState: oldState, newState: newState, reducedFrom: start, to: end)
            if case .checkWatchpoints(let index) = followUp { hooks.checkWatchpoints(index, newState) }
            if recorder.recordedCount % PauseRequest.checkInterval == 0, pauseRequest.takeIfRaised() {
              hooks.pause()
            }
          },
          wantsPreviousState: recorder.wantsPreviousState,
          asksBeforeEachAction: !recorder.breakpointList.isEmpty)
      },
      record: { recorder, index in recorder.record(at: index) },
      // What the debugger sends is a tool's: the frequency signal never counts it.
      send: { store, action in store.sendFromTool(action) })
  }
}
