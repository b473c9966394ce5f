import Sluice

/// What a session shows: status, settings, events, state, history, diffs, cycles, jobs and
/// backtrace. The session hands it out as ``SessionInspection``, made afresh for each use:
/// it holds its session, and nothing else.
@MainActor
final class Inspector<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: SessionPart<State, Action> {}

extension Inspector: SessionInspection {
  var status: SessionStatus {
    if store.isPaused { return .paused }
    return store.hasWorkInFlight ? .running : .idle
  }

  var usesVirtualClock: Bool { manualClock != nil }

  var typeDescription: String { "\(TypeName.short(State.self)) / \(TypeName.short(Action.self))" }

  func takeEvents() -> [DebugEvent] {
    recorder.takeEvents()
  }

  func takeBackgroundEvents() -> [DebugEvent] {
    recorder.takeEvents(holdingCycleRepeats: status == .running)
  }

  var eventsAvailable: AsyncStream<Void> { recorder.events.available }

  func nextChange() async {
    await session.changes.next()
  }

  var diffDisplay: DiffDisplay {
    get { options.diffDisplay }
    set { session.changeOptions { $0.diffDisplay = newValue } }
  }

  var eventsCarryChanges: Bool {
    get { options.eventsCarryChanges }
    set { session.changeOptions { $0.eventsCarryChanges = newValue } }
  }

  var cycleDetection: CycleDetection {
    get { options.cycleDetection }
    set {
      session.changeOptions { $0.cycleDetection = newValue }
      session.updateCyclePolicy()
    }
  }

  var historyLimit: Int {
    get { timeline.historyLimit }
    set { recorder.rewriteTimeline { $0.historyLimit = newValue } }
  }

  var waitLimit: Duration? {
    get { options.waitLimit }
    set { session.changeOptions { $0.waitLimit = newValue } }
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

  var position: Int { timeline.position }

  var cycles: [CycleReport] { session.keptCycleReports }

  var jobs: [(job: JobInfo, isHeld: Bool)] { jobList }

  var backtrace: Backtrace { session.backtrace }
}
