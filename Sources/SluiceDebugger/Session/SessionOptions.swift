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
  /// How much of each change the session describes as actions are reduced.
  public var diffDisplay: DiffDisplay
  /// How the program's user turns virtual time on, added to the error of `advance` on the
  /// real clock: a command line says `start with --virtual-clock`. The engine names no flag
  /// of its own.
  public var virtualClockHint: String?
  /// The longest the session waits, in real time, for a job it set going to settle: one a
  /// deadline of `advance` woke, to finish or sleep again (10 seconds when `nil`), or the one
  /// a `step` released, to end (30 seconds when `nil`). A guard against a job that never
  /// settles; on a busy machine a longer one only waits longer.
  public var jobSettleLimit: Duration?

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
