import Foundation
import SluiceDebugger

extension SwiftLiteral {
  /// `read` as the Swift that makes it (`.uuid(UUID(uuidString: "…")!)`), its value written
  /// as a literal; `nil` when its JSON is not a value the test can write as it was recorded.
  static func read(_ read: RecordedRead) -> String? {
    func literal<Value: Decodable>(_ type: Value.Type) -> String? {
      guard let value = try? JSONDecoder().decode(Value.self, from: Data(read.json.utf8)) else { return nil }
      return oneLine(ValueTree(reflecting: value))
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
      guard let name = oneLine(ValueTree(reflecting: read.name)) else { return nil }
      if exact(String.self, { .value(read.name, $0) }) { return literal(String.self).map { ".value(\(name), \($0))" } }
      if exact(Int.self, { .value(read.name, $0) }) { return literal(Int.self).map { ".value(\(name), \($0))" } }
      if exact(Bool.self, { .value(read.name, $0) }) { return literal(Bool.self).map { ".value(\(name), \($0))" } }
      return nil
    }
  }

  /// `.milliseconds(300)`, `.seconds(2)`: the largest unit that states `duration` exactly.
  static func duration(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
    if nanoseconds % 1_000 == 0 { return ".microseconds(\(nanoseconds / 1_000))" }
    return ".nanoseconds(\(nanoseconds))"
  }
}
