import Foundation

/// What a test store of the feature reads on its own, as an exported test replays the
/// session: ids and random numbers counted from the first, dates and `clock.now` from the
/// virtual start at each entry's time. An entry that read other values (a session on the
/// real clock, or recorded elsewhere) is fed them.
struct OwnReads {
  /// How many values of each of the session's own sources the test store has drawn.
  private var drawn: [String: UInt64] = [:]

  /// Whether a test store reducing at `time` would read `reads` itself; counts what it
  /// draws either way, as feeding values counts them.
  mutating func reproduces(_ reads: [RecordedRead], at time: Duration) -> Bool {
    var reproduced = true
    for read in reads {
      let own: RecordedRead? =
        switch read.name {
        case "uuid": .uuid(FeatureEnvironment.uuid(number: draw("uuid")))
        case "random": .random(FeatureEnvironment.splitMix(draw("random")))
        case "date":
          .date(FeatureEnvironment.virtualStartDate.addingTimeInterval(FeatureEnvironment.seconds(time)))
        case "clock.now": .clockNow(time)
        // A value of the feature's own: what a test reads of it is not known here.
        default: nil
        }
      if own != read { reproduced = false }
    }
    return reproduced
  }

  private mutating func draw(_ source: String) -> UInt64 {
    defer { drawn[source, default: 0] += 1 }
    return drawn[source, default: 0]
  }
}
