import Sluice

/// A feature loaded under the debugger: everything the shell, the script runner and any
/// other client can ask of it, as values to render. Made by a ``Debugger`` from a registered
/// ``Feature``.
///
/// It is five capabilities, each a protocol of its own: ``SessionInspection`` (status,
/// settings, events, state, history), ``SessionRunning`` (sending, waiting, time, stepping),
/// ``SessionBreakpoints``, ``SessionTimeTravel`` and ``SessionFiles``. A client that needs
/// one asks for that one.
///
/// Commands that change the store (send, step, time travel) leave ``DebugEvent``s behind;
/// take them with ``SessionInspection/takeEvents()``. Effects and middleware keep running
/// between commands, so events also arrive on their own:
/// ``SessionInspection/eventsAvailable`` signals them.
public typealias DebugSession = SessionInspection & SessionRunning & SessionBreakpoints & SessionTimeTravel & SessionFiles

extension Session: DebugSession {
  var status: SessionStatus {
    if store.isPaused { return .paused }
    return store.hasWorkInFlight ? .running : .idle
  }

  var usesVirtualClock: Bool { manualClock != nil }

  var actionDescription: ActionDescription? {
    (Action.self as Any.Type as? any ScriptableAction.Type)?.actionDescription
  }

  var typeDescription: String { "\(TypeName.short(State.self)) / \(TypeName.short(Action.self))" }

  func takeEvents() -> [DebugEvent] {
    recorder.takeEvents()
  }

  func takeBackgroundEvents() -> [DebugEvent] {
    recorder.takeEvents(holdingCycleRepeats: status == .running)
  }

  var eventsAvailable: AsyncStream<Void> { recorder.events.available }

  func nextChange() async {
    await changes.next()
  }

  var diffDisplay: DiffDisplay {
    get { options.diffDisplay }
    set { changeOptions { $0.diffDisplay = newValue } }
  }

  var eventsCarryChanges: Bool {
    get { options.eventsCarryChanges }
    set { changeOptions { $0.eventsCarryChanges = newValue } }
  }

  var cycleDetection: CycleDetection {
    get { options.cycleDetection }
    set {
      changeOptions { $0.cycleDetection = newValue }
      updateCyclePolicy()
    }
  }

  var historyLimit: Int {
    get { timeline.historyLimit }
    set { recorder.rewriteTimeline { $0.historyLimit = newValue } }
  }

  var waitLimit: Duration? {
    get { options.waitLimit }
    set { changeOptions { $0.waitLimit = newValue } }
  }

  func wait(timeout: Duration?) async -> WaitOutcome {
    await waitUntilSettled(timeout.map(WaitDeadline.fixed))
  }

  func tree(at path: String) throws(DebugError) -> ValueTree {
    redaction.masking(ValueTree(reflecting: try value(at: path)), at: try parsePath(path))
  }

  func tree(at path: String, after index: Int) throws(DebugError) -> ValueTree {
    let statePath = try parsePath(path)
    let state = try state(after: index)
    do {
      return redaction.masking(ValueTree(reflecting: try statePath.value(in: state)), at: statePath)
    } catch {
      throw DebugError(error.description)
    }
  }

  func evaluate(_ condition: StateCondition) throws(DebugError) -> Bool {
    try refuseSecret(condition, "compare")
    return try condition.isSatisfied(by: store.state)
  }

  func lastActionChanged(_ path: String) throws(DebugError) -> Bool {
    let statePath = try parsePath(path)
    guard history.lastIndex >= history.firstIndex else { return false }
    // Both sides from history, so a jump since does not count as a change by the action.
    let (before, after) = history.states(around: history.lastIndex)
    let lookup = { (state: State) -> String in WatchSet.render(statePath, in: state) }
    return lookup(before) != lookup(after)
  }

  func history(last limit: Int?) -> [HistoryRecord] { records(last: limit) }

  func history(from index: Int, count: Int) -> [HistoryRecord] { records(from: index, count: count) }

  func entries(matchingCase pattern: String) -> [HistoryRecord] { records(matchingCase: pattern) }

  func entries(changing path: String) throws(DebugError) -> [HistoryRecord] { try records(changing: path) }

  func entries(
    _ filter: LogFilter?, hiding hidden: [String], in window: ListingWindow
  ) throws(DebugError) -> (records: [HistoryRecord], position: WindowPosition) {
    try records(filter, hiding: hidden, in: window)
  }

  var breakpoints: [Breakpoint] { breakpointList.all }

  var position: Int { timeline.position }

  var cycles: [CycleReport] { keptCycleReports }

  var jobs: [(job: JobInfo, isHeld: Bool)] { jobList }
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
    guard let session = self as? Session<State, Action>, session.storeActorHold == nil else { return nil }
    return session.store
  }
}
