/// The events of every action as plain functions: what the debugger in this package installs
/// on a store (``Store/actionObserver``) to hear them instead of through its monitor.
///
/// A monitor is called through an existential, and a generic monitor class's witnesses are
/// never specialised, so each event costs a witness call and a hop into specialised code.
/// These functions are created where the feature's types are known and called directly:
/// one call per event. The monitor still hears every other event. No "will reduce" is
/// delivered: ``reduced`` follows it synchronously and carries everything.
@usableFromInline
package final class ActionObserver<State, Action> {
  /// An action entered the queue (or is about to be reduced at once).
  @usableFromInline let queued: (Action, ActionContext) -> Void
  /// Whether the store should pause before reducing an action.
  @usableFromInline let shouldPause: (Action, ActionContext) -> Bool
  /// An action was reduced, with the state before (when ``wantsPreviousState`` said so),
  /// the state after, and the instants the reducer started and returned.
  @usableFromInline let reduced:
    (
      _ action: Action, _ context: ActionContext, _ oldState: State?, _ newState: State,
      _ start: ContinuousClock.Instant, _ end: ContinuousClock.Instant
    ) -> Void
  /// Whether ``reduced`` wants the state before each reduction, which costs a copy: set by
  /// whoever installed the observer, whenever that changes. Unchecked for exclusivity, as
  /// the store's properties are: read and written only on the store's actor, and never
  /// across a call.
  @usableFromInline @exclusivity(unchecked) package var wantsPreviousState: Bool

  /// Creates an observer from its functions.
  @usableFromInline
  package init(
    queued: @escaping (Action, ActionContext) -> Void,
    shouldPause: @escaping (Action, ActionContext) -> Bool,
    reduced: @escaping (
      _ action: Action, _ context: ActionContext, _ oldState: State?, _ newState: State,
      _ start: ContinuousClock.Instant, _ end: ContinuousClock.Instant
    ) -> Void,
    wantsPreviousState: Bool
  ) {
    self.queued = queued
    self.shouldPause = shouldPause
    self.reduced = reduced
    self.wantsPreviousState = wantsPreviousState
  }
}
