import DequeModule

/// The stops a session reported (breakpoints, watchpoints, cycle pauses, `pause`, steps),
/// each with when it happened and how far the history had come: what `export trace` marks.
/// Bounded: past ``capacity`` the oldest go. Not saved in session files.
struct StopLog {
  /// One stop.
  struct Stop {
    let reason: StopReason
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
    if stops.count == Self.capacity { stops.removeFirst() }
    stops.append(Stop(reason: reason, time: time, lastIndex: lastIndex))
  }
}
