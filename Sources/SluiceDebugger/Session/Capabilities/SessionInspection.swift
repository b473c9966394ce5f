import Sluice

/// What a debugged feature shows: its status and settings, the events it reports, its state,
/// history, diffs, cycles, jobs and backtrace, as values to render.
@MainActor
public protocol SessionInspection: AnyObject {
  /// The registered feature's name.
  var featureName: String { get }
  /// Whether the store is idle, running or paused.
  var status: SessionStatus { get }
  /// Whether time is virtual (moved by ``SessionRunning/advance(by:)``).
  var usesVirtualClock: Bool { get }
  /// The session's time since it started: virtual, or real.
  var elapsedTime: Duration { get }
  /// The State and Action type names, for messages.
  var typeDescription: String { get }
  /// The action type's cases, parameters and documentation, when it is `@Scriptable`
  /// (completion and suggestions need it; the debugger works without it).
  var actionDescription: ActionDescription? { get }
  /// Takes the events that happened since the last call, oldest first: what a command's
  /// outcome carries.
  func takeEvents() -> [DebugEvent]
  /// Takes the events that happened while no command ran, for a shell that shows them as
  /// they come: as ``takeEvents()``, except that while the store runs, the repeats of a
  /// cycle already reported wait, counted, so a loop running on under the `warn` policy
  /// shows its warning once and then one count, when the store stops running or a command
  /// takes the events.
  func takeBackgroundEvents() -> [DebugEvent]
  /// Yields whenever events are waiting to be taken.
  var eventsAvailable: AsyncStream<Void> { get }
  /// Suspends until the store next reports anything (an action queued or reduced, a job
  /// scheduled or ended), or the calling task is cancelled: for a prompt that shows the
  /// store's status.
  func nextChange() async
  /// How much of each change ``DebugEvent/reduced(_:diff:shown:)`` shows a terminal.
  var diffDisplay: DiffDisplay { get set }
  /// Whether every reduction's event carries what it changed, whatever ``diffDisplay`` says
  /// (see ``SessionOptions/eventsCarryChanges``).
  var eventsCarryChanges: Bool { get set }
  /// The cycle detector's settings (`set cycle …`). An enabled cycle breakpoint still
  /// makes it pause.
  var cycleDetection: CycleDetection { get set }
  /// How many history entries are kept before the oldest are folded into the base.
  var historyLimit: Int { get set }
  /// The longest `wait`, `continue`, `advance` and stepping wait in real time for jobs that
  /// show no sign of progress; `nil` for no bound (``SessionOptions/waitLimit``).
  var waitLimit: Duration? { get set }
  /// The current state, or the value at `path` in it, rendered as a tree.
  func tree(at path: String) throws(DebugError) -> ValueTree
  /// The state after history entry `index`, or the value at `path` in it, rendered as a
  /// tree: what `print` shows in a frame `frame` selected.
  func tree(at path: String, after index: Int) throws(DebugError) -> ValueTree
  /// Whether the current state satisfies `condition`.
  func evaluate(_ condition: StateCondition) throws(DebugError) -> Bool
  /// Whether the value at `path` differs between the state before and after the last
  /// action.
  func lastActionChanged(_ path: String) throws(DebugError) -> Bool
  /// The kept history, oldest first (the last `limit` entries if given).
  func history(last limit: Int?) -> [HistoryRecord]
  /// At most `count` kept entries from entry `index` on (from the first kept, if it is
  /// later), oldest first: a window of a long history, read without the rest.
  func history(from index: Int, count: Int) -> [HistoryRecord]
  /// One entry and the diff it made.
  func entry(_ index: Int) throws(DebugError) -> (HistoryRecord, StateDiff)
  /// Entries whose case name matches a glob.
  func entries(matchingCase pattern: String) -> [HistoryRecord]
  /// Entries that changed `path` or something inside it.
  func entries(changing path: String) throws(DebugError) -> [HistoryRecord]
  /// Where the value at `path` came from as seen after entry `index` (the position when
  /// `nil`): the entry that last changed it, or the state the history starts from (`why`).
  func cause(of path: String, at index: Int?) throws(DebugError) -> ValueCause
  /// The entries that changed the value at `path`, oldest first, as much of them as `window`
  /// asks for, each with the value before and after (`history PATH`).
  func changes(of path: String, in window: ListingWindow) throws(DebugError) -> PathHistory
  /// Where `condition` first holds in the kept history, and every entry after which it
  /// changed (`bisect`).
  func bisect(_ condition: StateCondition) throws(DebugError) -> Bisection
  /// What `logPoint` would have printed before each kept entry it matches (`trace`).
  func trace(_ logPoint: LogPoint) -> [TracedEntry]
  /// How the last state differs from the original timeline's (the history before the first
  /// `replace` or `toggle`), titled with the first entry where they differ (`diff original`).
  func comparisonWithOriginal() throws(DebugError) -> (title: String, diff: StateDiff)
  /// Where the timeline and the original kept before the first what-if part; `nil` when no
  /// original is kept.
  var fork: TimelineFork? { get }
  /// The kept entries `filter` keeps (every entry when `nil`) and whose case no glob of
  /// `hidden` matches: as much of them as `window` asks for, read without describing the
  /// rest, and where that lies among them.
  func entries(
    _ filter: LogFilter?, hiding hidden: [String], in window: ListingWindow
  ) throws(DebugError) -> (records: [HistoryRecord], position: WindowPosition)
  /// The diff between the states after two entries; `to: nil` is the current state.
  func diff(from: Int, to: Int?) throws(DebugError) -> StateDiff
  /// Each distinct cycle the detector found, with counts and the jobs that close it.
  var cycles: [CycleReport] { get }
  /// The history entry the store's state is the result of: the last entry, or the one
  /// `jump` went to (0 for the base state).
  var position: Int { get }
  /// Jobs scheduled and not ended, and whether each is held for stepping.
  var jobs: [(job: JobInfo, isHeld: Bool)] { get }
  /// Every job the session saw launched, running or ended, oldest launch first (`jobs
  /// --all`): when each was launched and ended on the session's clock, how it ended, and the
  /// entry of the action that launched it. Kept through time travel and in saved files; the
  /// spans that ended before the history's first kept entry go when it lets entries go.
  var jobSpans: [JobSpan] { get }
  /// The part of ``jobSpans`` that `window` asks for, and where it lies among them all: with
  /// `from I`, the spans launched by entry `I` or later (a span with no known parent counts
  /// from the last entry reduced before its launch).
  func jobSpans(in window: ListingWindow) -> (spans: [JobSpan], position: WindowPosition)
  /// The causal chain of the current action, newest first.
  var backtrace: Backtrace { get }
  /// The paths whose keys or values contain `text` (ignoring case), in the current state
  /// or, given `index`, in the state after that history entry.
  func find(_ text: String, at index: Int?) throws(DebugError) -> [StateMatch]
}
