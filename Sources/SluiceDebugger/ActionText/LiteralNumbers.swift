/// Exact conversions from number literal text to Swift number types.
enum LiteralNumbers {
  /// The integer spelled by `text` (`-0x1F`, `1_000`, `0b101`) if it fits in `T`.
  static func integer<T: FixedWidthInteger>(_ type: T.Type, from text: String) -> T? {
    // Plain decimals (`7`, `-12`), nearly every literal typed, need no rewriting.
    if isPlainDecimal(text) { return T(text, radix: 10) }
    let (negative, digits, radix) = split(text)
    return T((negative ? "-" : "") + digits, radix: radix)
  }

  /// The value of an integer literal as a floating-point number, rounded once.
  static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: T.Type, fromInteger text: String
  ) -> T? {
    let (negative, digits, radix) = split(text)
    if radix == 10 {
      return T((negative ? "-" : "") + digits)
    }
    var value: T = 0
    for scalar in digits.unicodeScalars {
      guard let digit = Int(String(scalar), radix: radix) else { return nil }
      value = value * T(radix) + T(digit)
    }
    return negative ? -value : value
  }

  /// The value of a floating-point literal, `nil` when it overflows to infinity.
  static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: T.Type, fromFloatingPoint text: String
  ) -> T? {
    guard let value = T(text.filter { $0 != "_" }), value.isFinite else { return nil }
    return value
  }

  /// Whether `text` is decimal digits, perhaps after a minus sign: no separators, no prefix.
  private static func isPlainDecimal(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    return !bytes.isEmpty && bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// Sign, digits without separators or prefix, and radix.
  private static func split(_ text: String) -> (negative: Bool, digits: String, radix: Int) {
    var body = Substring(text.filter { $0 != "_" })
    let negative = body.first == "-"
    if negative { body = body.dropFirst() }
    var radix = 10
    if body.count > 2, body.first == "0" {
      switch body.dropFirst().first {
      case "x": radix = 16
      case "o": radix = 8
      case "b": radix = 2
      default: break
      }
      if radix != 10 { body = body.dropFirst(2) }
    }
    return (negative, String(body), radix)
  }
}
