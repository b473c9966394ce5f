/// What a client calls a command request (`{"id": 7, "command": "print count"}`): a string or
/// an integer, echoed as given in every event the request causes.
public enum RequestID: Codable, Sendable, Hashable {
  /// A whole-number id.
  case integer(Int)
  /// A text id.
  case string(String)

  /// Reads an integer or a string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = .integer(number)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  /// Writes the integer or the string, as given.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .integer(let number): try container.encode(number)
    case .string(let text): try container.encode(text)
    }
  }
}
