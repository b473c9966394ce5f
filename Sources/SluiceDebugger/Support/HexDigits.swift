/// Hexadecimal digits of a number, zero-padded: the one formatter behind `U+00AD` in
/// messages, `0x0F` for a bad byte, `\u{7F}` in rendered strings and a state digest.
package enum HexDigits {
  /// `value` in base 16, at least `minimumCount` digits long, upper case unless told.
  package static func of(_ value: some BinaryInteger, minimumCount: Int = 1, uppercase: Bool = true) -> String {
    let digits = String(value, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, minimumCount - digits.count)) + digits
  }
}
