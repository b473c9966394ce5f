import Foundation

/// What a test store of the feature reads on its own, as an exported test replays the
/// session: ids and random numbers counted from the first, dates and `clock.now` from the
/// virtual start at each entry's time. An entry that read other values (a session on the
/// real clock, or recorded elsewhere) is sent with them, written as Swift.
struct ExportedReads {
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

  /// `read` as the Swift that makes it (`.uuid(UUID(uuidString: "…")!)`), its value written
  /// by ``SwiftLiteral``; `nil` when its JSON is not a value the test can write as it was
  /// recorded. `duration` writes a duration as the test's `advance` calls do.
  static func swift(_ read: RecordedRead, duration: (Duration) -> String) -> String? {
    func literal<Value: Decodable>(_ type: Value.Type) -> String? {
      guard let value = try? JSONDecoder().decode(Value.self, from: Data(read.json.utf8)) else { return nil }
      return SwiftLiteral.oneLine(ValueTree(reflecting: value))
    }
    // Written back only when it encodes to the JSON recorded: then the test feeds that value.
    func exact<Value: Codable>(_ type: Value.Type, _ make: (Value) -> RecordedRead) -> Bool {
      guard let value = try? JSONDecoder().decode(Value.self, from: Data(read.json.utf8)) else { return false }
      return make(value) == read
    }
    switch read.name {
    case "uuid":
      guard exact(UUID.self, { .uuid($0) }) else { return nil }
      return literal(UUID.self).map { ".uuid(\($0))" }
    case "date":
      guard exact(Date.self, { .date($0) }) else { return nil }
      return literal(Date.self).map { ".date(\($0))" }
    case "random":
      guard exact(UInt64.self, { .random($0) }) else { return nil }
      return literal(UInt64.self).map { ".random(\($0))" }
    case "clock.now":
      guard let elapsed = try? JSONDecoder().decode(Duration.self, from: Data(read.json.utf8)),
        RecordedRead.clockNow(elapsed) == read, elapsed.components.attoseconds % 1_000_000_000 == 0
      else { return nil }
      return ".clockNow(\(duration(elapsed)))"
    default:
      guard let name = SwiftLiteral.oneLine(ValueTree(reflecting: read.name)) else { return nil }
      if exact(String.self, { .value(read.name, $0) }) { return literal(String.self).map { ".value(\(name), \($0))" } }
      if exact(Int.self, { .value(read.name, $0) }) { return literal(Int.self).map { ".value(\(name), \($0))" } }
      if exact(Bool.self, { .value(read.name, $0) }) { return literal(Bool.self).map { ".value(\(name), \($0))" } }
      return nil
    }
  }
}
