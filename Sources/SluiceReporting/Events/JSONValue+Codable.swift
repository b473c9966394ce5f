/// A ``JSONValue`` read and written through `Codable`: how the fields of an answer declared as
/// a `CommandAnswer` travel, whatever their type, and come back on a client that does not
/// know it. Objects read back keep the order the decoder lists their keys in.
extension JSONValue: Codable {
  package init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: JSONKey.self) {
      var members: [(String, JSONValue)] = []
      for key in object.allKeys { members.append((key.stringValue, try object.decode(JSONValue.self, forKey: key))) }
      self = .object(members)
    } else if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      self = .array(elements)
    } else {
      let value = try decoder.singleValueContainer()
      if value.decodeNil() {
        self = .null
      } else if let boolean = try? value.decode(Bool.self) {
        self = .boolean(boolean)
      } else if let integer = try? value.decode(Int.self) {
        self = .integer(integer)
      } else if let number = try? value.decode(Double.self) {
        self = .number(number)
      } else {
        self = .string(try value.decode(String.self))
      }
    }
  }

  package func encode(to encoder: any Encoder) throws {
    switch self {
    case .string(let text):
      var value = encoder.singleValueContainer()
      try value.encode(text)
    case .integer(let integer):
      var value = encoder.singleValueContainer()
      try value.encode(integer)
    case .number(let number):
      var value = encoder.singleValueContainer()
      try value.encode(number)
    case .boolean(let boolean):
      var value = encoder.singleValueContainer()
      try value.encode(boolean)
    case .null, .verbatim:
      // Verbatim text is a request id echoed by the writer itself, never a field.
      var value = encoder.singleValueContainer()
      try value.encodeNil()
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let members):
      var object = encoder.container(keyedBy: JSONKey.self)
      for (key, value) in members { try object.encode(value, forKey: JSONKey(key)) }
    }
  }
}

/// Any key of a JSON object.
struct JSONKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ key: String) { stringValue = key }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension JSONValue {
  /// The value with every object's keys in sorted order, at every depth.
  package func sortingKeys() -> JSONValue {
    switch self {
    case .array(let elements): .array(elements.map { $0.sortingKeys() })
    case .object(let members): .object(members.sorted { $0.0 < $1.0 }.map { ($0.0, $0.1.sortingKeys()) })
    default: self
    }
  }
}
