/// Byte and scalar classes shared by the action-text and state-path lexers.
enum CharacterClass {
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  static func isDecimalDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  static func isDigit(_ byte: UInt8, radix: Int) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0")) < radix
    case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): return radix == 16
    default: return false
    }
  }

  /// The value of a hexadecimal digit (which `isDigit(_:radix: 16)` accepted).
  static func digitValue(_ byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    default: return byte - UInt8(ascii: "A") + 10
    }
  }

  private static func isASCIILetterOrUnderscore(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_")
  }

  /// Whether a Swift identifier can start at `offset` (letters, `_`, Unicode XID_Start).
  static func startsIdentifier(at offset: Int, in source: ActionSource) -> Bool {
    guard let byte = source[offset] else { return false }
    if byte < 0x80 { return isASCIILetterOrUnderscore(byte) }
    return source.scalar(at: offset).scalar.properties.isXIDStart
  }

  /// Whether the character at `offset` can continue a Swift identifier.
  static func continuesIdentifier(at offset: Int, in source: ActionSource) -> Bool {
    guard let byte = source[offset] else { return false }
    if byte < 0x80 { return isASCIILetterOrUnderscore(byte) || isDecimalDigit(byte) }
    return source.scalar(at: offset).scalar.properties.isXIDContinue
  }

  /// The offset just past the run of identifier characters starting at `offset`.
  static func endOfIdentifier(from offset: Int, in source: ActionSource) -> Int {
    var index = offset
    while continuesIdentifier(at: index, in: source) {
      index += source[index]! < 0x80 ? 1 : source.scalar(at: index).length
    }
    return index
  }
}
