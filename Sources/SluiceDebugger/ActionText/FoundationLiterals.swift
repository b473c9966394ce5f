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

  /// A date as ISO 8601 in UTC that reads back to the same `Date`: whole seconds through
  /// the calendar, and the fraction, when there is one, with every digit a `Double` needs.
  static func text(of date: Date) -> String {
    let interval = date.timeIntervalSinceReferenceDate
    let whole = interval.rounded(.down)
    let fraction = interval - whole  // Exact: both have the same binade or whole is 0.
    let seconds = Date(timeIntervalSinceReferenceDate: whole).formatted(.iso8601)
    guard fraction > 0 else { return seconds }
    // "…T09:30:00Z" with the fraction's digits before the Z.
    return String(seconds.dropLast()) + fractionDigits(fraction) + "Z"
  }

  /// Reads what ``text(of:)`` writes, and any ISO 8601 date with or without a fraction.
  package static func date(from text: String) -> Date? {
    guard let dot = text.firstIndex(of: "."), text.hasSuffix("Z") else {
      return try? Date(text, strategy: .iso8601)
    }
    let digits = text[text.index(after: dot)..<text.index(before: text.endIndex)]
    guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit),
      let whole = try? Date(String(text[..<dot]) + "Z", strategy: .iso8601),
      let fraction = Double("0." + digits)
    else { return nil }
    return Date(timeIntervalSinceReferenceDate: whole.timeIntervalSinceReferenceDate + fraction)
  }

  /// ".5", ".000123": the shortest decimal digits that read back as `fraction`, never in
  /// exponent notation.
  private static func fractionDigits(_ fraction: Double) -> String {
    let description = fraction.description  // Shortest round-trip form: "0.5" or "1.2e-05".
    guard let exponentMark = description.firstIndex(of: "e") else {
      return String(description.dropFirst())  // "0.5" → ".5"
    }
    let mantissa = description[..<exponentMark].replacingOccurrences(of: ".", with: "")
    let exponent = Int(description[description.index(after: exponentMark)...]) ?? 0
    // d.ddd × 10^-k: k - 1 zeros after the point, then the mantissa's digits.
    return "." + String(repeating: "0", count: max(0, -exponent - 1)) + mantissa
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
