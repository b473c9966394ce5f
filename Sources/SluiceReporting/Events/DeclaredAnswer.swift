import Foundation
import SluiceDebugger

extension ProtocolEvent {
  /// The fields of an answer declared as a `CommandAnswer` (`info capabilities`), whatever
  /// its type: its event's name, and its fields as JSON values. Written from the answer as
  /// it encodes; read back from any event this package does not know by name that has a
  /// command's keys, so a client keeps reading answers added after it was built. Keys are
  /// written sorted, at every depth: a decoder does not keep the order it read them in, and
  /// a line read back must write the same.
  public struct DeclaredAnswer: Codable, Sendable, Equatable {
    /// The event's name: the answer's `CommandAnswer.event`.
    public var event: String
    /// The answer's own keys and values, an object, its keys sorted.
    package var fields: JSONValue

    /// The fields of `answer`.
    public init(_ answer: any CommandAnswer) throws {
      event = type(of: answer).event
      fields = try JSONValueEncoder.encode(answer).sortingKeys()
    }

    /// The keys every answer carries beside its fields.
    private static let commonKeys: Set<String> = [
      "event", "version", "id", "command", "file", "line", "column", "lines", "kinds",
    ]

    /// Reads the event's name and every key that is not the envelope's or a command's.
    public init(from decoder: any Decoder) throws {
      event = try decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: AnyKey(stringValue: "event"))
      guard case .object(let members) = try JSONValue(from: decoder) else {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an answer is an object"))
      }
      fields = JSONValue.object(members.filter { !Self.commonKeys.contains($0.0) }).sortingKeys()
    }

    /// Writes the fields' keys; the envelope writes the event's name.
    public func encode(to encoder: any Encoder) throws {
      try fields.encode(to: encoder)
    }

    /// The answer as its own type, for a client that knows it.
    public func decode<Answer: CommandAnswer>(_ type: Answer.Type) throws -> Answer {
      try JSONDecoder().decode(Answer.self, from: Data(fields.serialized.utf8))
    }
  }
}
