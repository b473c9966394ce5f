/// A session's time as session files hold it: whole nanoseconds in an `Int64`, up to about
/// 292 years. Virtual time is kept within that range (`advance` refuses to pass it), so every
/// session can be saved.
enum SessionTime {
  /// The latest time a session file can hold.
  static let maximum = Duration.nanoseconds(Int64.max)

  /// Whether a session's clock may move to `time`.
  static func fits(_ time: Duration) -> Bool {
    time >= .zero && time <= maximum
  }

  /// `time` in whole nanoseconds; throws when it is outside what a file holds.
  static func nanoseconds(_ time: Duration) throws(DebugError) -> Int64 {
    let (seconds, attoseconds) = time.components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (sum, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    guard !overflow, !overflow2 else {
      throw DebugError("a time of \(DurationText.format(time)) is beyond what a session file holds (about 292 years)")
    }
    return sum
  }
}
