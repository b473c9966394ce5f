import Sluice

/// How a debugging session runs its store.
public struct SessionOptions: Sendable {
  /// Virtual time (moved only by `advance`) instead of the real clock.
  public var usesVirtualClock: Bool
  /// The cycle detector's settings for a feature that registers none of its own; on by
  /// default in the debugger.
  public var cycleDetection: CycleDetection
  /// What the user chose, over the feature's settings or ``cycleDetection``.
  public var cycleOverrides = CycleOverrides()
  /// How many history entries to keep (at least 1); older ones are folded into the base
  /// state a block at a time. `reset` still returns to the feature's initial state (or the
  /// last `commit`), and `bt` still names a chain's root.
  public var historyLimit: Int
  /// How much of each change the session describes as actions are reduced, to a terminal.
  public var diffDisplay: DiffDisplay
  /// Whether every reduction's event carries what it changed, whatever ``diffDisplay`` says:
  /// set where programs read the session's events (`sluice run --json`, an attached program),
  /// since a display setting changes what a terminal shows, never what a program reads. It
  /// costs a diff of every reduction, which `set diff off` otherwise spares.
  public var eventsCarryChanges = false
  /// How the program's user turns virtual time on, added to the error of `advance` on the
  /// real clock: a command line says `start with --virtual-clock`. The engine names no flag
  /// of its own.
  public var virtualClockHint: String?
  /// The longest the session waits, in real time, for running jobs that show no sign of
  /// progress: `wait` (without a duration), `continue`, `advance` and stepping end on the
  /// store's own work (every job ended, held, or asleep on the virtual clock) and come near
  /// this only when a job neither ends nor sends nor sleeps on virtual time (one on the real
  /// clock, or blocked on I/O). Every store event starts the limit again, so a busy machine
  /// only makes a wait longer. Ending by it is a timeout that names the jobs still running.
  /// `nil`: no real-time bound at all (Ctrl-C still interrupts).
  ///
  /// 30 seconds by default: long enough that no working job on a loaded machine goes that
  /// long without an event, short enough that a script in CI stuck on a job that never ends
  /// fails with its name rather than hanging.
  public var waitLimit: Duration? = SessionOptions.defaultWaitLimit

  /// The default ``waitLimit``: 30 seconds.
  public static let defaultWaitLimit: Duration? = .seconds(30)

  /// Creates options; by default real time, the default cycle detector, 10,000 entries of
  /// history and a full diff after each action.
  public init(
    usesVirtualClock: Bool = false,
    cycleDetection: CycleDetection = .default,
    historyLimit: Int = 10_000,
    diffDisplay: DiffDisplay = .full
  ) {
    self.usesVirtualClock = usesVirtualClock
    self.cycleDetection = cycleDetection
    self.historyLimit = historyLimit
    self.diffDisplay = diffDisplay
  }
}

/// How much of each change a session describes.
public enum DiffDisplay: String, Sendable, CaseIterable {
  /// The structural diff of the state.
  case full
  /// The list of changed paths.
  case summary
  /// Nothing: fastest, for long scripts.
  case off
}
