/// The real-time bound of a wait for the store's work: none, a fixed one (`wait 2s`), or the
/// session's wait limit, which every sign of progress starts again, so that only a job that
/// shows no sign of life for that long ends the wait (see `SessionOptions.waitLimit`).
struct WaitDeadline {
  /// The limit started again by progress, or `nil` for a fixed deadline or none.
  private let quietLimit: Duration?
  /// When the wait gives up, or `nil` for never.
  private(set) var instant: ContinuousClock.Instant?

  /// A deadline `duration` from now, whatever happens meanwhile.
  static func fixed(_ duration: Duration) -> WaitDeadline {
    WaitDeadline(quietLimit: nil, instant: ContinuousClock.now + duration)
  }

  /// A deadline `limit` after the last sign of progress; none with `nil`.
  static func quiet(for limit: Duration?) -> WaitDeadline {
    WaitDeadline(quietLimit: limit, instant: limit.map { ContinuousClock.now + $0 })
  }

  /// Whether the deadline has passed.
  var hasPassed: Bool {
    instant.map { ContinuousClock.now >= $0 } ?? false
  }

  /// Something moved (a store event, a job going to sleep): a quiet limit starts again.
  mutating func noteProgress() {
    if let quietLimit { instant = ContinuousClock.now + quietLimit }
  }
}
