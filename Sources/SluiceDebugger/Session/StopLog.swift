import DequeModule

/// The stops a session reported (breakpoints, watchpoints, cycle pauses, `pause`, steps),
/// each with when it happened and how far the history had come: what `export trace` marks.
/// Bounded: past ``capacity`` the oldest go. Saved in session files (``SavedStop``), and let
/// go with the history's entries as job spans are (see ``JobSpan``).
struct StopLog {
  /// One stop.
  struct Stop: Equatable {
    /// What stopped the session, as the trace names its instant: `breakpoint 1 before .load`.
    let title: String
    /// When, on the session's clock.
    let time: Duration
    /// The last history entry when it stopped (0 before the first).
    let lastIndex: Int
  }

  /// How many stops are kept.
  static let capacity = 10_000

  private(set) var stops = Deque<Stop>()

  /// Keeps a stop, letting the oldest go when full.
  mutating func note(_ reason: StopReason, at time: Duration, lastIndex: Int) {
    note(Stop(title: Self.title(of: reason), time: time, lastIndex: lastIndex))
  }

  /// Keeps `stop`, letting the oldest go when full.
  mutating func note(_ stop: Stop) {
    if stops.count == Self.capacity { stops.removeFirst() }
    stops.append(stop)
  }

  /// Lets go of the stops before `time`, or of every stop when `time` is `nil`.
  mutating func dropStops(before time: Duration?) {
    stops.removeAll { stop in time.map { stop.time < $0 } ?? true }
  }

  /// A stop, as the trace names it.
  static func title(of reason: StopReason) -> String {
    switch reason {
    case .breakpoint(let id, let action): "breakpoint \(id) before \(action)"
    case .watchpoint(let id, let path, let old, let new, _): "watchpoint \(id): \(path) \(old) → \(new)"
    case .cycle(let warning): "paused at cycle \(warning.cycleDescription)"
    case .job(let id, let job): "breakpoint \(id) before \(job.kind.rawValue) '\(job.name)'"
    case .requested: "paused"
    case .step: "step"
    }
  }
}
