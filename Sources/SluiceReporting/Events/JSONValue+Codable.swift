/// A ``JSONValue`` read and written through `Codable`: how the fields of an answer declared as
/// a `CommandAnswer` travel, whatever their type, and come back on a client that does not
/// know it. Objects read back keep the order the decoder lists their keys in.
extension JSONValue: Codable {
  package init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
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
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let members):
      var object = encoder.container(keyedBy: AnyKey.self)
      for (key, value) in members { try object.encode(value, forKey: AnyKey(stringValue: key)) }
    case .string, .integer, .number, .boolean, .null, .verbatim:
      var value = encoder.singleValueContainer()
      switch self {
      case .string(let text): try value.encode(text)
      case .integer(let integer): try value.encode(integer)
      case .number(let number): try value.encode(number)
      case .boolean(let boolean): try value.encode(boolean)
      // Verbatim text is a request id echoed by the writer itself, never a field.
      default: try value.encodeNil()
      }
    }
  }
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
