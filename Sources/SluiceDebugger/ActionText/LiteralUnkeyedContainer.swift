/// An unkeyed container over array elements (or a dictionary's alternating keys and values).
struct LiteralUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: LiteralValueDecoder
  let elements: [ActionLiteral]
  private(set) var currentIndex = 0

  init(decoder: LiteralValueDecoder, elements: [ActionLiteral]) {
    self.decoder = decoder
    self.elements = elements
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private mutating func nextDecoder(expecting type: Any.Type) throws -> LiteralValueDecoder {
    guard !isAtEnd else {
      let key = LiteralCodingKey(intValue: currentIndex)
      throw decoder.context.error(
        .typeMismatch(expected: TypeName.short(type), found: "the end of the array"),
        at: codingPath + [key]
      )
    }
    let child = decoder.child(
      elements[currentIndex], key: LiteralCodingKey(intValue: currentIndex), expecting: type)
    currentIndex += 1
    return child
  }

  /// The next element as a single value, read the way `Int(from:)` and the other standard
  /// types read it, without a call through `init(from:)` and a boxed container for each.
  private mutating func scalar(_ type: Any.Type) throws -> LiteralSingleValueContainer {
    LiteralSingleValueContainer(decoder: try nextDecoder(expecting: type))
  }

  private mutating func decodeNext<T: Decodable>(_ type: T.Type) throws -> T {
    try nextDecoder(expecting: type).decode(type)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, elements[currentIndex] == .nil else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(type).decode(type) }
  mutating func decode(_ type: String.Type) throws -> String { try scalar(type).decode(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try scalar(type).decode(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try scalar(type).decode(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try scalar(type).decode(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type).decode(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type).decode(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type).decode(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type).decode(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar(type).decode(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type).decode(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type).decode(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type).decode(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type).decode(type) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNext(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try nextDecoder(expecting: type).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try nextDecoder(expecting: [Any].self).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    try nextDecoder(expecting: Any.self)
  }
}
