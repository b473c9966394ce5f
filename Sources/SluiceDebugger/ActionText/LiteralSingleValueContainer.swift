/// A single-value container over one literal: numbers, strings, booleans, `nil`.
struct LiteralSingleValueContainer: SingleValueDecodingContainer {
  let decoder: LiteralValueDecoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  /// The literal, with a parenthesized single value `(3)` unwrapped.
  private var literal: ActionLiteral {
    var literal = decoder.literal
    while case .tuple(let arguments) = literal, arguments.count == 1, arguments[0].label == nil {
      literal = arguments[0].value
    }
    return literal
  }

  private func mismatch(_ expected: String) -> LiteralDecodingError {
    decoder.context.error(.typeMismatch(expected: expected, found: literal.kindDescription), at: codingPath)
  }

  func decodeNil() -> Bool {
    literal == .nil
  }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard case .boolean(let value) = literal else { throw mismatch("Bool") }
    return value
  }

  func decode(_ type: String.Type) throws -> String {
    switch literal {
    case .string(let text):
      return text
    case .enumCase(let name, nil):
      // `.dark` for an enum whose raw value is the case name.
      return name
    default:
      throw mismatch("String")
    }
  }

  func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
  func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.decode(type)
  }

  private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    // Named only for a message.
    var name: String { TypeName.short(type) }
    switch literal {
    case .integer(let text):
      guard let value = LiteralNumbers.integer(type, from: text) else {
        throw decoder.context.error(.numberOutOfRange(literal: text, type: name), at: codingPath)
      }
      return value
    case .floatingPoint(let text):
      // `1e3` or `3.0` is accepted where a whole number is exactly meant.
      guard let double = LiteralNumbers.floatingPoint(Double.self, fromFloatingPoint: text),
        double.rounded() == double
      else {
        throw mismatch(name)
      }
      guard let value = T(exactly: double) else {
        throw decoder.context.error(.numberOutOfRange(literal: text, type: name), at: codingPath)
      }
      return value
    default:
      throw mismatch(name)
    }
  }

  private func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ type: T.Type) throws -> T {
    let value: T?
    let text: String
    switch literal {
    case .integer(let digits):
      text = digits
      value = LiteralNumbers.floatingPoint(type, fromInteger: digits)
    case .floatingPoint(let digits):
      text = digits
      value = LiteralNumbers.floatingPoint(type, fromFloatingPoint: digits)
    default:
      throw mismatch(TypeName.short(type))
    }
    guard let value, value.isFinite else {
      throw decoder.context.error(
        .numberOutOfRange(literal: text, type: TypeName.short(type)), at: codingPath)
    }
    return value
  }
}
