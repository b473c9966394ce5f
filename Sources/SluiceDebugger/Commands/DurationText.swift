/// Durations as scripts write them: `100us`, `300ms`, `1s`, `1.5s`, `2m`, `1h`.
package enum DurationText {
  /// Units, longest suffix first so `ms` is not read as `m` followed by junk.
  private static let units: [(suffix: String, nanoseconds: Double)] = [
    ("ns", 1), ("us", 1e3), ("µs", 1e3), ("ms", 1e6), ("s", 1e9), ("m", 60e9), ("h", 3600e9),
  ]

  /// Parses a non-negative number followed by a unit (`ns`, `us`, `ms`, `s`, `m`, `h`).
  ///
  /// - Throws: What is wrong with the text: no number, no unit, an unknown unit.
  package static func parse(_ text: String) throws(DurationTextError) -> Duration {
    let digits = text.prefix { $0.isNumber || $0 == "." }
    let unit = text.dropFirst(digits.count)
    guard !digits.isEmpty, let value = Double(digits), value.isFinite else {
      throw .notANumber(text)
    }
    guard !unit.isEmpty else { throw .missingUnit(text) }
    guard let scale = units.first(where: { $0.suffix == unit })?.nanoseconds else {
      throw .unknownUnit(String(unit), in: text)
    }
    let nanoseconds = value * scale
    // A century of virtual time is more than any script means; beyond it Int64 overflows.
    guard nanoseconds <= 3.15e18 else { throw .tooLong(text) }
    return .nanoseconds(Int64(nanoseconds.rounded()))
  }

  /// A duration written the way scripts write them: `250us`, `300ms`, `1.5s`, `150s`; whole
  /// numbers without decimals, at most three decimals otherwise.
  package static func format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    let magnitude = abs(nanoseconds)
    if magnitude == 0 { return "0s" }
    if magnitude < 1e3 { return trimmed(nanoseconds) + "ns" }
    if magnitude < 1e6 { return trimmed(nanoseconds / 1e3) + "us" }
    if magnitude < 1e9 { return trimmed(nanoseconds / 1e6) + "ms" }
    return trimmed(nanoseconds / 1e9) + "s"
  }

  /// A limit as settings write it: a duration, or `none` for no limit.
  package static func format(limit: Duration?) -> String {
    limit.map { format($0) } ?? "none"
  }

  /// Parses a limit: `none`, or a duration longer than zero (a zero limit would give up
  /// before anything could happen).
  package static func parse(limit text: String) throws(DurationTextError) -> Duration? {
    if text.lowercased() == "none" { return nil }
    let limit = try parse(text)
    guard limit > .zero else { throw .zeroLimit(text) }
    return limit
  }

  private static func trimmed(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded() { return String(Int64(rounded)) }
    var text = String(rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}

/// Why text is not a duration.
package enum DurationTextError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No number at the start.
  case notANumber(String)
  /// A number without a unit.
  case missingUnit(String)
  /// A unit not known.
  case unknownUnit(String, in: String)
  /// Longer than any virtual clock can count.
  case tooLong(String)
  /// A limit of zero, which could never be met.
  case zeroLimit(String)

  /// What is wrong, with an example of what would be right.
  package var description: String {
    switch self {
    case .notANumber(let text): "expected a duration like 300ms or 1.5s, found '\(text)'"
    case .missingUnit(let text): "'\(text)' needs a unit: ns, us, ms, s, m or h (e.g. \(text)ms)"
    case .unknownUnit(let unit, let text): "unknown unit '\(unit)' in '\(text)': use ns, us, ms, s, m or h"
    case .tooLong(let text): "'\(text)' is too long a duration"
    case .zeroLimit(let text): "a limit of '\(text)' ends before anything could happen: give a longer one, or 'none'"
    }
  }
}
