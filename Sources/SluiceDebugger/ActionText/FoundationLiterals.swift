import Foundation

/// How Foundation's common value types are written as text, both ways: what Sluice prints
/// for them parses back to an equal value, in an action and in an expectation.
///
/// | type | printed | also accepted |
/// |---|---|---|
/// | `Date` | `Date("2024-05-01T09:30:00Z")`, fractions of a second when there are any | the bare string |
/// | `UUID` | `UUID("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")` | the bare string |
/// | `URL` | `URL("https://example.com/a")` | the bare string |
/// | `Decimal` | `12.50` | a string, `Decimal("12.50")` |
/// | `Data` | `Data("aGVsbG8=")` (base64) | an array of bytes |
///
/// A number is never read as a `Date`: Foundation's own decoding would take it as seconds
/// since 2001, which nobody means when they type one.
package enum FoundationLiterals {
  /// Whether `type` is read here rather than by its own `Decodable` conformance.
  static func handles(_ type: Any.Type) -> Bool {
    type == Date.self || type == UUID.self || type == URL.self || type == Decimal.self || type == Data.self
  }

  /// A `T` from `literal`, or `nil` when the literal is not one.
  static func value<T>(of type: T.Type, from literal: ActionLiteral) -> T? {
    let inner = unwrapped(literal)
    let value: Any?
    switch (ObjectIdentifier(type), inner) {
    case (ObjectIdentifier(Date.self), .string(let text)): value = date(from: text)
    case (ObjectIdentifier(UUID.self), .string(let text)): value = UUID(uuidString: text)
    case (ObjectIdentifier(URL.self), .string(let text)): value = URL(string: text)
    case (ObjectIdentifier(Data.self), .string(let text)): value = Data(base64Encoded: text)
    case (ObjectIdentifier(Data.self), .array(let elements)):
      // Data's own coding: an array of bytes.
      let bytes = elements.compactMap { element -> UInt8? in
        if case .integer(let text) = element { return UInt8(text) }
        return nil
      }
      value = bytes.count == elements.count ? Data(bytes) : nil
    case (ObjectIdentifier(Decimal.self), .string(let text)),
      (ObjectIdentifier(Decimal.self), .integer(let text)),
      (ObjectIdentifier(Decimal.self), .floatingPoint(let text)):
      // Decimal(string:) stops at the first character it cannot read: check the whole text
      // is a plain decimal number first.
      let digits = text.replacingOccurrences(of: "_", with: "")
      let isPlain = Double(digits) != nil && !digits.lowercased().contains { "xpin".contains($0) }
      value = isPlain ? Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX")) : nil
    default: value = nil
    }
    return value as? T
  }

  /// What a literal for `type` should look like, for errors.
  static func expectation(for type: Any.Type) -> String {
    switch ObjectIdentifier(type) {
    case ObjectIdentifier(Date.self): "an ISO 8601 date, as in Date(\"2024-05-01T09:30:00Z\")"
    case ObjectIdentifier(UUID.self): "a UUID, as in UUID(\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\")"
    case ObjectIdentifier(URL.self): "a URL, as in URL(\"https://example.com\")"
    case ObjectIdentifier(Data.self): "bytes in base64, as in Data(\"aGVsbG8=\"), or an array of bytes"
    default: "a decimal number, as in 12.50"
    }
  }

  /// `Date("…")`, `UUID("…")`: a call with one unlabeled argument reads as the argument.
  private static func unwrapped(_ literal: ActionLiteral) -> ActionLiteral {
    if case .tuple(let arguments) = literal, arguments.count == 1, arguments[0].label == nil {
      return arguments[0].value
    }
    return literal
  }

  /// How Sluice prints `value` when it is one of these types, so that it reads back:
  /// `Date("…")`, `UUID("…")`, `URL("…")`, `Data("base64")`; `nil` for other values
  /// (`Decimal` prints as the plain number it is).
  static func text(of value: Any) -> String? {
    switch value {
    case let date as Date: "Date(\(SwiftStringEscaping.quoted(text(of: date))))"
    case let url as URL: "URL(\(SwiftStringEscaping.quoted(url.absoluteString)))"
    case let uuid as UUID: "UUID(\(SwiftStringEscaping.quoted(uuid.uuidString)))"
    case let data as Data: "Data(\(SwiftStringEscaping.quoted(data.base64EncodedString())))"
    default: nil
    }
  }

  // MARK: - Dates

  /// A date as ISO 8601 in UTC that reads back to the same `Date`: the whole seconds at or
  /// before it through the calendar, then the digits of the fraction after them.
  ///
  /// The digits are worked out in decimal, never by subtracting doubles: before 2001 the
  /// interval is negative, the fraction is `1 - 0.25…` for `-0.25…`, and that difference as
  /// a `Double` has lost the interval's last bits.
  static func text(of date: Date) -> String {
    let interval = date.timeIntervalSinceReferenceDate
    let number = PlainDecimal(interval)
    guard !number.fraction.isEmpty, interval.isFinite else {
      return Date(timeIntervalSinceReferenceDate: interval).formatted(.iso8601)
    }
    let whole = number.isNegative ? -(number.integer + 1) : number.integer
    let digits = number.isNegative ? PlainDecimal.complement(number.fraction) : number.fraction
    let seconds = Date(timeIntervalSinceReferenceDate: Double(whole)).formatted(.iso8601)
    // "…T09:30:00Z" with the fraction's digits before the Z.
    return String(seconds.dropLast()) + "." + digits + "Z"
  }

  /// Reads what ``text(of:)`` writes, and any ISO 8601 date with or without a fraction.
  package static func date(from text: String) -> Date? {
    guard let dot = text.firstIndex(of: "."), text.hasSuffix("Z") else {
      return try? Date(text, strategy: .iso8601)
    }
    let digits = text[text.index(after: dot)..<text.index(before: text.endIndex)]
    guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit),
      let whole = try? Date(String(text[..<dot]) + "Z", strategy: .iso8601)
    else { return nil }
    // One rounding, of the exact decimal `whole + 0.digits`, written as a plain number.
    let seconds = Int64(whole.timeIntervalSinceReferenceDate)
    let significant = String(digits.reversed().drop { $0 == "0" }.reversed())
    let exact =
      if significant.isEmpty { "\(seconds)" }
      else if seconds >= 0 { "\(seconds).\(significant)" }
      else { "-\(-seconds - 1).\(PlainDecimal.complement(significant))" }
    return Double(exact).map(Date.init(timeIntervalSinceReferenceDate:))
  }
}

/// A double's shortest round-trip decimal form as a whole number and the digits after the
/// point, never in exponent notation: `-0.25` is negative, `0` and `"25"`.
private struct PlainDecimal {
  var isNegative: Bool
  var integer: Int64
  var fraction: String

  init(_ value: Double) {
    isNegative = value < 0
    var description = value.magnitude.description  // "0.25", "1.2e-05", "1e+20"
    var exponent = 0
    if let mark = description.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      exponent = Int(description[description.index(after: mark)...]) ?? 0
      description = String(description[..<mark])
    }
    let parts = description.split(separator: ".", omittingEmptySubsequences: false)
    var digits = String(parts[0]) + (parts.count > 1 ? String(parts[1]) : "")
    var point = parts[0].count + exponent  // digits before the decimal point
    if point < 0 {
      digits = String(repeating: "0", count: -point) + digits
      point = 0
    }
    if point > digits.count { digits += String(repeating: "0", count: point - digits.count) }
    integer = Int64(digits.prefix(point)) ?? 0
    fraction = String(digits.dropFirst(point).reversed().drop { $0 == "0" }.reversed())
  }

  /// `1 - 0.digits` as digits of the same length: "75" for "25", "0001" for "9999".
  /// `digits` ends in a non-zero digit.
  static func complement(_ digits: String) -> String {
    let values = digits.compactMap(\.wholeNumberValue)
    let nines = values.dropLast().map { String(9 - $0) }.joined()
    return nines + String(10 - (values.last ?? 10))
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
