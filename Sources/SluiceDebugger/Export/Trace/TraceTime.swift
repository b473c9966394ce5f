/// Session times as a trace counts them: whole microseconds since the session started.
enum TraceTime {
  /// `time` in whole microseconds, rounded down.
  static func microseconds(_ time: Duration) -> Int {
    let (seconds, attoseconds) = time.components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
    guard !overflow else { return seconds < 0 ? .min : .max }
    return Int(scaled) + Int(attoseconds / 1_000_000_000_000)
  }

  /// `time` in whole microseconds, rounded up.
  static func microsecondsRoundingUp(_ time: Duration) -> Int {
    let down = microseconds(time)
    return Duration.microseconds(down) < time && down < .max ? down + 1 : down
  }
}
