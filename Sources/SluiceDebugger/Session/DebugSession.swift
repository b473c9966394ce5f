import Sluice

/// A feature loaded under the debugger: everything the shell and the script runner can ask
/// of it, as values to render. Made by a ``Debugger`` from a registered ``Feature``.
///
/// Commands that change the store (send, step, time travel) leave ``DebugEvent``s behind;
/// take them with ``takeEvents()``. Effects and middleware keep running between commands,
/// so events also arrive on their own: ``eventsAvailable`` signals them.
@MainActor
public protocol DebugSession: AnyObject {
  /// The registered feature's name.
  var featureName: String { get }
  /// Whether the store is idle, running or paused.
  var status: SessionStatus { get }
  /// Whether time is virtual (moved by ``advance(by:)``).
  var usesVirtualClock: Bool { get }
  /// The session's time since it started: virtual, or real.
  var elapsedTime: Duration { get }
  /// The State and Action type names, for messages.
  var typeDescription: String { get }
  /// The action type's cases, parameters and documentation, when it is `@Scriptable`
  /// (completion and suggestions need it; the debugger works without it).
  var actionDescription: ActionDescription? { get }

  // MARK: Events

  /// Takes the events that happened since the last call, oldest first.
  func takeEvents() -> [DebugEvent]
  /// Yields whenever events are waiting to be taken.
  var eventsAvailable: AsyncStream<Void> { get }
  /// Suspends until the store next reports anything (an action queued or reduced, a job
  /// scheduled or ended), or the calling task is cancelled: for a prompt that shows the
  /// store's status.
  func nextChange() async
  /// How much of each change ``DebugEvent/reduced(_:diff:)`` carries.
  var diffDisplay: DiffDisplay { get set }
  /// The cycle detector's settings (`set cycle …`). An enabled cycle breakpoint still
  /// makes it pause.
  var cycleDetection: CycleDetection { get set }
  /// How many history entries are kept before the oldest are folded into the base.
  var historyLimit: Int { get set }

  // MARK: Running

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
  /// Waits until the store is idle or paused, every job waits for virtual time, or
  /// `timeout` of real time passes.
  func wait(timeout: Duration) async -> WaitOutcome
  /// Moves virtual time forward, running what each deadline wakes; returns the new time.
  func advance(by duration: Duration) async throws(DebugError) -> Duration

  // MARK: State and history

  /// The current state, or the value at `path` in it, rendered as a tree.
  func tree(at path: String) throws(DebugError) -> ValueTree
  /// Whether the current state satisfies `condition`.
  func evaluate(_ condition: StateCondition) throws(DebugError) -> Bool
  /// Whether the value at `path` differs between the state before and after the last
  /// action.
  func lastActionChanged(_ path: String) throws(DebugError) -> Bool
  /// The kept history, oldest first (the last `limit` entries if given).
  func history(last limit: Int?) -> [HistoryRecord]
  /// One entry and the diff it made.
  func entry(_ index: Int) throws(DebugError) -> (HistoryRecord, StateDiff)
  /// Entries whose case name matches a glob.
  func entries(matchingCase pattern: String) -> [HistoryRecord]
  /// Entries that changed `path` or something inside it.
  func entries(changing path: String) throws(DebugError) -> [HistoryRecord]
  /// The diff between the states after two entries; `to: nil` is the current state.
  func diff(from: Int, to: Int?) throws(DebugError) -> StateDiff
  /// Each distinct cycle the detector found, with counts and the jobs that close it.
  var cycles: [CycleReport] { get }
  /// The history entry the store's state is the result of: the last entry, or the one
  /// `jump` went to (0 for the base state).
  var position: Int { get }
  /// A number that changes whenever what ``save(to:)`` would write changes (an action
  /// recorded, time travel, a breakpoint made, changed or hit), so a caller can tell whether
  /// the session still matches the file it last saved or loaded.
  var revision: Int { get }

  // MARK: Time travel

  /// Makes the state the one after entry `index` (0: the base state).
  func jump(to index: Int) throws(DebugError)
  /// Skips or restores entry `index`, recomputing later states; returns whether it is skipped.
  func toggle(_ index: Int) throws(DebugError) -> Bool
  /// Returns to the base state and forgets history.
  func reset()
  /// Makes the current state the base and forgets history.
  func commit()

  // MARK: Breakpoints

  /// Every breakpoint, watchpoint and job or cycle breakpoint.
  var breakpoints: [Breakpoint] { get }
  /// Adds a breakpoint.
  func addBreakpoint(_ kind: Breakpoint.Kind, isOneShot: Bool, ignoreCount: Int) throws(DebugError) -> Breakpoint
  /// Deletes a breakpoint.
  func deleteBreakpoint(_ id: Int) throws(DebugError)
  /// Enables or disables a breakpoint.
  func setBreakpoint(_ id: Int, enabled: Bool) throws(DebugError)
  /// Lets the next `count` matches of a breakpoint pass.
  func setIgnoreCount(_ count: Int, for id: Int) throws(DebugError)
  /// Sets or, with `nil`, removes the condition of an action breakpoint; returns it changed.
  func setCondition(_ condition: StateCondition?, for id: Int) throws(DebugError) -> Breakpoint
  /// Sets the command lines a breakpoint runs when it stops; none removes them.
  func setCommands(_ lines: [String], for id: Int) throws(DebugError)
  /// The id of the breakpoint made last (`$bpnum`), if any was made.
  var lastBreakpointID: Int? { get }
  /// The command lists of the breakpoints that stopped since the last call, oldest first:
  /// the shell and the script runner run them.
  func takeStopCommands() -> [StopCommands]

  // MARK: Stepping

  /// Pauses before the next action; jobs scheduled from now on wait to be stepped.
  func pause()
  /// Performs the oldest unit of work while paused.
  func step() async throws(DebugError) -> StepReport
  /// Steps until everything the current action caused is done.
  func next() async throws(DebugError) -> [StepReport]
  /// Resumes; the store runs until a breakpoint or idle.
  func continueRunning()
  /// Jobs scheduled and not ended, and whether each is held for stepping.
  var jobs: [(job: JobInfo, isHeld: Bool)] { get }
  /// The causal chain of the current action, newest first.
  var backtrace: Backtrace { get }
  /// Cancels the live jobs `reference` names: an id (`3`) or a name (every live
  /// job of that name). Each is reported as a ``DebugEvent/jobCancelled(_:reason:)``.
  ///
  /// - Returns: The jobs cancelled.
  /// - Throws: When no live job has that id or name; the message lists the live jobs.
  @discardableResult
  func cancelJobs(_ reference: String) throws(DebugError) -> [JobInfo]
  /// The paths whose keys or values contain `text` (ignoring case), in the current state
  /// or, given `index`, in the state after that history entry.
  func find(_ text: String, at index: Int?) throws(DebugError) -> [StateMatch]

  // MARK: Files

  /// Writes the session to `path` atomically: a new file beside it is written and flushed,
  /// then renamed over it, so a failed save leaves the old file as it was.
  ///
  /// Only a regular file that may be written is replaced (a symbolic link, a FIFO, a folder
  /// or a read-only file is refused). The new file keeps the old one's mode, so a `0600`
  /// session stays private; being a new file, it is not seen through another hard link to
  /// the old one, which keeps the old contents.
  func save(to path: String) throws(DebugError)
  /// Replaces the session with the one saved at `path`, replaying its log.
  func load(from path: String) throws(DebugError) -> LoadReport
}

extension Session: DebugSession {
  @usableFromInline var status: SessionStatus {
    if store.isPaused { return .paused }
    return store.hasWorkInFlight ? .running : .idle
  }

  @usableFromInline var usesVirtualClock: Bool { manualClock != nil }

  @usableFromInline var actionDescription: ActionDescription? {
    (Action.self as Any.Type as? any ScriptableAction.Type)?.actionDescription
  }

  @usableFromInline var typeDescription: String { "\(TypeName.short(State.self)) / \(TypeName.short(Action.self))" }

  @usableFromInline func takeEvents() -> [DebugEvent] {
    events.take(describing: record(at:))
  }

  @usableFromInline var eventsAvailable: AsyncStream<Void> { events.available }

  @usableFromInline func nextChange() async {
    await changes.next()
  }

  @usableFromInline var diffDisplay: DiffDisplay {
    get { options.diffDisplay }
    set { options.diffDisplay = newValue }
  }

  @usableFromInline var cycleDetection: CycleDetection {
    get { options.cycleDetection }
    set {
      options.cycleDetection = newValue
      updateCyclePolicy()
    }
  }

  @usableFromInline var historyLimit: Int {
    get { timeline.historyLimit }
    set { timeline.historyLimit = newValue }
  }

  @usableFromInline func wait(timeout: Duration) async -> WaitOutcome {
    await waitUntilSettled(timeout: timeout)
  }

  @usableFromInline func tree(at path: String) throws(DebugError) -> ValueTree {
    ValueTree(reflecting: try value(at: path))
  }

  @usableFromInline func evaluate(_ condition: StateCondition) throws(DebugError) -> Bool {
    try condition.isSatisfied(by: store.state)
  }

  @usableFromInline func lastActionChanged(_ path: String) throws(DebugError) -> Bool {
    let statePath = try parsePath(path)
    guard history.lastIndex >= history.firstIndex else { return false }
    // Both sides from history, so a jump since does not count as a change by the action.
    let before = history.state(after: history.lastIndex - 1)
    let after = history.state(after: history.lastIndex)
    let lookup = { (state: State) -> String in WatchSet.render(statePath, in: state) }
    return lookup(before) != lookup(after)
  }

  @usableFromInline func history(last limit: Int?) -> [HistoryRecord] { records(last: limit) }

  @usableFromInline func entries(matchingCase pattern: String) -> [HistoryRecord] { records(matchingCase: pattern) }

  @usableFromInline func entries(changing path: String) throws(DebugError) -> [HistoryRecord] { try records(changing: path) }

  @usableFromInline var breakpoints: [Breakpoint] { breakpointList.all }

  @usableFromInline var position: Int { timeline.position }

  @usableFromInline var cycles: [CycleReport] { cycleReports }

  @usableFromInline var jobs: [(job: JobInfo, isHeld: Bool)] { jobList }
}

extension DebugSession {
  /// Sends the action's text, parsed again: for a session that does not read the literal the
  /// command parser left in it.
  @discardableResult
  public func send(_ action: ActionArgument, origin: EntryOrigin) throws(DebugError) -> SendOutcome {
    try send(action.text, origin: origin)
  }

  /// The session's store, typed, for Swift code that drives the session directly: a test
  /// or a benchmark sending actions without writing them as text. What it is sent is
  /// recorded like anything else the store reduces.
  ///
  /// - Returns: `nil` when `State` and `Action` are not the feature's types.
  public func store<State: Codable & Equatable & Sendable, Action: Codable & Sendable>(
    of stateType: State.Type, _ actionType: Action.Type
  ) -> Store<State, Action>? {
    (self as? Session<State, Action>)?.store
  }
}
