/// A JSON number that is a whole number however it is written (`1000`, `1e3`, `1000.0`),
/// and its value when an `Int` holds it: how a request's numeric `id` is read.
struct WholeNumber {
  /// The value, or `nil` when it is too large for an `Int`.
  let value: Int?

  /// Reads JSON number text; `nil` when it has a fraction.
  init?(_ text: String) {
    var rest = Substring(text)
    let negative = rest.first == "-"
    if negative { rest.removeFirst() }
    let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
    let exponentText = rest.dropFirst(mantissa.count + 1)
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    var digits = String(parts[0]) + (parts.count > 1 ? String(parts[1]) : "")
    // An exponent too long for an Int is far beyond any id: a fraction when negative.
    let exponent = exponentText.isEmpty ? 0 : Int(exponentText) ?? (exponentText.first == "-" ? Int.min / 2 : Int.max / 2)
    var shift = exponent - (parts.count > 1 ? parts[1].count : 0)
    digits = String(digits.drop { $0 == "0" })
    if digits.isEmpty {
      value = 0
      return
    }
    if shift < 0 {
      // The digits past the point must all be zero.
      let fraction = digits.suffix(-shift)
      guard fraction.count == -shift, fraction.allSatisfy({ $0 == "0" }) else { return nil }
      digits.removeLast(-shift)
      shift = 0
    }
    guard digits.count + shift <= 19 else {
      value = nil
      return
    }
    value = Int((negative ? "-" : "") + digits + String(repeating: "0", count: shift))
  }
}
