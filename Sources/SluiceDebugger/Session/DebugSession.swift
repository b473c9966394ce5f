import Sluice

/// A feature loaded under the debugger, made by a ``Debugger`` from a registered ``Feature``:
/// it routes its store's events to a recorder, and hands out what clients may do with it as
/// five capabilities, each an object of its own. A client holds the one it uses.
///
/// - ``inspection``: status, settings, events, state, history, diffs, cycles, jobs.
/// - ``running``: sending, editing, waiting, virtual time, stepping, pausing.
/// - ``breakpointControl``: breakpoints and watchpoints.
/// - ``timeTravel``: jump, step back, toggle, reset, commit.
/// - ``files``: save, load, and what `export test` and `export trace` write.
///
/// Commands that change the store (send, step, time travel) leave ``DebugEvent``s behind;
/// take them with ``SessionInspection/takeEvents()``. Effects and middleware keep running
/// between commands, so events also arrive on their own:
/// ``SessionInspection/eventsAvailable`` signals them.
@MainActor
public protocol DebugSession: AnyObject {
  /// The registered feature's name.
  var featureName: String { get }
  /// What the session shows.
  var inspection: any SessionInspection { get }
  /// What moves the session's store.
  var running: any SessionRunning { get }
  /// The session's breakpoints and watchpoints.
  var breakpointControl: any SessionBreakpoints { get }
  /// Moves the session through its history.
  var timeTravel: any SessionTimeTravel { get }
  /// The session's files.
  var files: any SessionFiles { get }
}

extension SessionRunning {
  /// Sends the action's text, parsed again: for a session that does not read the literal the
  /// command parser left in it.
  @discardableResult
  public func send(_ action: ActionArgument, origin: EntryOrigin) throws(DebugError) -> SendOutcome {
    try send(action.text, origin: origin)
  }
}

extension SessionInspection {
  /// Where a jump left the state, when it left the last entry; `nil` at the present: what
  /// the prompt (`@2/4`) and `log` (`◀ @2/4`) show.
  public var travelledPosition: HistoryPosition? {
    guard let last = history(last: 1).last?.index, position < last else { return nil }
    return HistoryPosition(index: position, lastIndex: last)
  }

  /// The session's store, typed, for Swift code that drives the session directly: a test
  /// or a benchmark sending actions without writing them as text. What it is sent is
  /// recorded like anything else the store reduces.
  ///
  /// - Returns: `nil` when `State` and `Action` are not the feature's types, or when the
  ///   store lives on an actor of its own (adopted with
  ///   `Feature(adopting:as:feature:summary:redacting:on:)`): only that actor, and the
  ///   session while that actor waits, may use it.
  public func store<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
    of stateType: State.Type, _ actionType: Action.Type
  ) -> Store<State, Action>? {
    guard let session = (self as? Inspector<State, Action>)?.session, session.storeActorHold == nil else { return nil }
    return session.store
  }
}
