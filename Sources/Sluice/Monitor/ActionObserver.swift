/// The events of every action as plain functions: what the debugger in this package installs
/// on a store (``Store/actionObserver``) to hear them instead of through its monitor.
///
/// A monitor is called through an existential, and a generic monitor class's witnesses are
/// never specialised, so each event costs a witness call and a hop into specialised code.
/// These functions are created where the feature's types are known and called directly.
/// The monitor still hears every other event. Most actions cost one call, ``reduced``: an
/// action reduced as soon as it is sent is not reported as queued (its reduction says
/// everything), no "will reduce" is delivered (``reduced`` follows it synchronously), and
/// ``shouldPause`` is asked only while ``asksBeforeEachAction`` is set.
@usableFromInline
package final class ActionObserver<State, Action> {
  /// An action waits in the store's queue: it could not be reduced at once (another is being
  /// reduced, or the store is paused, or paused before it).
  @usableFromInline package let queued: (Action, ActionContext) -> Void
  /// Whether the store should pause before reducing an action; asked only while
  /// ``asksBeforeEachAction`` is set.
  @usableFromInline package let shouldPause: (Action, ActionContext) -> Bool
  /// An action was reduced, with the state before (when ``wantsPreviousState`` said so),
  /// the state after, and the clock's readings when the reducer started and returned.
  @usableFromInline package let reduced:
    (
      _ action: Action, _ context: ActionContext, _ oldState: State?, _ newState: State,
      _ start: ClockReading, _ end: ClockReading
    ) -> Void
  /// Whether ``reduced`` wants the state before each reduction, which costs a copy: set by
  /// whoever installed the observer, whenever that changes. Unchecked for exclusivity, as
  /// the store's properties are: read and written only on the store's actor, and never
  /// across a call.
  @usableFromInline @exclusivity(unchecked) package var wantsPreviousState: Bool
  /// Whether the store asks ``shouldPause`` before each action: set by whoever installed the
  /// observer, whenever that changes (the debugger sets it while it has breakpoints), so
  /// that an observer with nothing to stop for costs no call. Unchecked for exclusivity, as
  /// ``wantsPreviousState`` is.
  @usableFromInline @exclusivity(unchecked) package var asksBeforeEachAction: Bool

  /// Creates an observer from its functions.
  @usableFromInline
  package init(
    queued: @escaping (Action, ActionContext) -> Void,
    shouldPause: @escaping (Action, ActionContext) -> Bool,
    reduced: @escaping (
      _ action: Action, _ context: ActionContext, _ oldState: State?, _ newState: State,
      _ start: ClockReading, _ end: ClockReading
    ) -> Void,
    wantsPreviousState: Bool,
    asksBeforeEachAction: Bool = true
  ) {
    self.queued = queued
    self.shouldPause = shouldPause
    self.reduced = reduced
    self.wantsPreviousState = wantsPreviousState
    self.asksBeforeEachAction = asksBeforeEachAction
  }
}
