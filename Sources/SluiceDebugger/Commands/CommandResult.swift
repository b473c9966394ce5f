import Sluice

/// What a command did, as a value to render: the shell and the script runner show it, a
/// test inspects it.
public enum CommandResult: Sendable {
  /// Done; nothing to show beyond the events (`send`, `quit`).
  case done
  /// One or more lines for people: confirmations such as `deleted breakpoint 2`.
  case message([String])
  /// `help`: the commands described, all of them or one.
  case help(HelpPage)
  /// `state`, `print`: the value at a path (`nil`: the whole state).
  case value(path: String?, ValueTree)
  /// `diff`: what changed between two states, described by `title`.
  case diff(title: String, StateDiff)
  /// `log`: history records, oldest first, and where a jump left the state, when it left
  /// the last entry (`nil` at the present); for a filtered `log`, where the records lie
  /// among all the entries that match (`nil` for the unfiltered forms, whose indexes say it).
  case history([HistoryRecord], travelled: HistoryPosition? = nil, window: WindowPosition? = nil)
  /// `show`: one entry and the diff it made.
  case entry(HistoryRecord, StateDiff)
  /// `break`, `tbreak`, `watch`: the breakpoint made, and what to say beside it (a glob
  /// that matches no case today, a path that does not exist yet).
  case breakpointAdded(Breakpoint, notes: [String] = [])
  /// `info breakpoints`.
  case breakpoints([Breakpoint])
  /// `find`: the paths that matched `text`, in the state after entry `index` (`nil`: now).
  case found(text: String, index: Int?, [StateMatch])
  /// `info jobs`, `jobs`.
  case jobs([JobRow])
  /// `jobs --all`: every job the session saw, oldest launch first, or a window of them, and
  /// where that lies among them all.
  case jobSpans([JobSpan], window: WindowPosition)
  /// `info features`, `features`.
  case features([FeatureRow])
  /// `info cycles`.
  case cycles([CycleReport])
  /// `info settings`.
  case settings(SettingsSnapshot)
  /// `step`, `next`: what each step did.
  case stepped([StepReport])
  /// `continue`: how the wait after resuming ended.
  case continued(WaitOutcome)
  /// `backtrace`: the current action first, its root last.
  case backtrace(Backtrace)
  /// `frame`, `up`, `down`: the frame selected, with its number in `bt`.
  case frame(number: Int, BacktraceFrame)
  /// `display PATH`: the display made, with its value now.
  case displayed([DisplayedValue])
  /// `wait`: how it ended, and its real-time bound: the duration given, or else the
  /// session's wait limit (`nil` when there is none).
  case waited(WaitOutcome, timeout: Duration?)
  /// `advance`: how far time was asked to move, from when, and where it is now: short of
  /// the request when the store paused on the way.
  case advanced(requested: Duration, from: Duration, now: Duration)
  /// `toggle`: whether the entry is now skipped.
  case toggled(index: Int, isSkipped: Bool)
  /// `save`: where the session went.
  case saved(path: String)
  /// `load`: what replaying the file found.
  case loaded(path: String, LoadReport)
  /// `use`: the feature switched to.
  case switched(feature: String, summary: String)
  /// `expect`: whether it held.
  case expectation(ExpectationOutcome)
  /// `source`, `quit`, `ui`: a command the host that reads the lines carries out.
  case host(HostCommand)
  /// A typed answer declared as a ``CommandAnswer`` (`info capabilities`).
  case answer(any CommandAnswer)
  /// The session described for a file at `path`, which the command's endpoint writes in the
  /// format asked for, and answers for with what it wrote (`export test`, `export trace`).
  /// Indirect: a description is large, and every other result would be copied at its size.
  indirect case export(SessionExport, path: String)
}

/// Where in the history the state is after a jump: the entry it is the result of (0: the
/// base state), of the last entry kept.
public struct HistoryPosition: Sendable, Equatable {
  /// The entry the state is the result of.
  public let index: Int
  /// The last entry of the history.
  public let lastIndex: Int

  /// Creates a position.
  public init(index: Int, lastIndex: Int) {
    self.index = index
    self.lastIndex = lastIndex
  }
}

/// One row of `info jobs`.
public struct JobRow: Sendable, Equatable {
  /// The job.
  public let job: JobInfo
  /// Whether the session holds it for stepping.
  public let isHeld: Bool
  /// The history index of the action that scheduled it, when still kept.
  public let parentIndex: Int?

  /// Creates a row.
  public init(job: JobInfo, isHeld: Bool, parentIndex: Int?) {
    self.job = job
    self.isHeld = isHeld
    self.parentIndex = parentIndex
  }
}

/// One row of `info features`.
public struct FeatureRow: Sendable, Equatable {
  /// The feature's name.
  public let name: String
  /// Its one-line summary.
  public let summary: String
  /// Whether commands apply to it now.
  public let isCurrent: Bool
  /// Whether it has a session (it was used).
  public let isLoaded: Bool

  /// Creates a row.
  public init(name: String, summary: String, isCurrent: Bool, isLoaded: Bool) {
    self.name = name
    self.summary = summary
    self.isCurrent = isCurrent
    self.isLoaded = isLoaded
  }
}

/// What `info settings` shows.
public struct SettingsSnapshot: Sendable, Equatable {
  /// The current feature.
  public let feature: String
  /// Its State and Action types.
  public let types: String
  /// Idle, running or paused.
  public let status: SessionStatus
  /// How much of each change is shown.
  public let diffDisplay: DiffDisplay
  /// Whether time is virtual.
  public let usesVirtualClock: Bool
  /// The session's time.
  public let elapsedTime: Duration
  /// The session's wait limit (`set wait limit`), `nil` for none: how long `wait`,
  /// `continue`, `advance` and stepping wait in real time for jobs that show no progress.
  public let waitLimit: Duration?
  /// The cycle detector's settings.
  public let cycleDetection: CycleDetection
  /// How many history entries are kept.
  public let historyLimit: Int
  /// Where the timeline and the original kept before the first what-if part; `nil` when no
  /// original is kept.
  public let fork: TimelineFork?

  /// Creates a snapshot.
  public init(
    feature: String, types: String, status: SessionStatus, diffDisplay: DiffDisplay,
    usesVirtualClock: Bool, elapsedTime: Duration, waitLimit: Duration?,
    cycleDetection: CycleDetection = .default, historyLimit: Int = 10_000, fork: TimelineFork? = nil
  ) {
    self.fork = fork
    self.cycleDetection = cycleDetection
    self.historyLimit = historyLimit
    self.feature = feature
    self.types = types
    self.status = status
    self.diffDisplay = diffDisplay
    self.usesVirtualClock = usesVirtualClock
    self.elapsedTime = elapsedTime
    self.waitLimit = waitLimit
  }
}
