import Sluice

/// One distinct cycle the detector found in a session: the loop of case names, which job
/// closes each edge of it, and how often and when it was seen.
///
/// The first warning of a cycle is shown in full; repeats only count, here (`info cycles`)
/// and in one ``DebugEvent/cycleRepeated(_:)`` at the end of a command or of a loop's run,
/// so a runaway loop makes one line, not thousands.
public struct CycleReport: Sendable, Equatable {
  /// The detector's first warning of this cycle: the signal, the policy, the case names.
  public let warning: CycleWarning
  /// The cycle with the job that sends each action in it:
  /// `.ping →(effect 'pong timer')→ .pong →(middleware 'echo')→ .ping`. An edge whose
  /// sender is not known (folded out of history) reads ` → `.
  public let path: String
  /// How many times the detector fired for this cycle.
  public internal(set) var count: Int
  /// Session time of the first warning.
  public let firstSeen: Duration
  /// Session time of the latest warning.
  public internal(set) var lastSeen: Duration
  /// The causal chain at the first warning, newest first, as `backtrace` shows it.
  public let chain: Backtrace
  /// The policy that applied to the latest warning: a `set cycle policy` between two
  /// sightings of one cycle changes it, while ``warning`` keeps the first's.
  public internal(set) var latestPolicy: CyclePolicy

  /// Creates a report, for a renderer's tests or a tool that replays events; `latestPolicy`
  /// is the first warning's unless given.
  public init(
    warning: CycleWarning, path: String, count: Int, firstSeen: Duration, lastSeen: Duration, chain: Backtrace,
    latestPolicy: CyclePolicy? = nil
  ) {
    self.latestPolicy = latestPolicy ?? warning.policy
    self.warning = warning
    self.path = path
    self.count = count
    self.firstSeen = firstSeen
    self.lastSeen = lastSeen
    self.chain = chain
  }

  /// One period of the repeating case names, in causal order: `["ping", "pong"]`.
  public var cycle: [String] { warning.cycle }
}

/// A causal chain, newest action first: the frames shown, how many between the last shown
/// frame and the root were left out, and the root when it was left out too.
public struct Backtrace: Sendable, Equatable {
  /// The frames shown, newest first; the last is the root unless `root` is set.
  public let frames: [BacktraceFrame]
  /// How many frames between the shown ones and the root are not shown.
  public let elidedCount: Int
  /// The chain's root, when frames were elided before it.
  public let root: BacktraceFrame?

  /// Creates a backtrace.
  public init(frames: [BacktraceFrame], elidedCount: Int, root: BacktraceFrame?) {
    self.frames = frames
    self.elidedCount = elidedCount
    self.root = root
  }

  /// How many frames further out `bt N` left off: the frames past the innermost `N`, the
  /// elided ones and the root.
  public var omittedOuterFrames = 0

  /// Every frame shown, the root last.
  public var shownFrames: [BacktraceFrame] { frames + (root.map { [$0] } ?? []) }

  /// Every frame shown with its number, as `bt` numbers them: from 0 for the current
  /// action, the root after the elided ones.
  public var numberedFrames: [(number: Int, frame: BacktraceFrame)] {
    frames.enumerated().map { ($0.offset, $0.element) } + (root.map { [(frames.count + elidedCount, $0)] } ?? [])
  }

  /// The innermost `count` frames, and how many further out were left off (`bt N`).
  public func innermost(_ count: Int) -> Backtrace {
    guard count < frames.count else { return self }
    var trimmed = Backtrace(frames: Array(frames.prefix(count)), elidedCount: 0, root: nil)
    trimmed.omittedOuterFrames = (frames.count - count) + elidedCount + (root == nil ? 0 : 1)
    return trimmed
  }
}
