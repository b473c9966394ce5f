/// One object of the JSON event protocol `sluice run --json` writes, one per line:
///
/// ```json
/// {"event":"reduced","version":1,"index":3,"action":".add(title: \"Milk\")","case":"add",…}
/// ```
///
/// Every object names its kind in `event` and the protocol's version in `version`, carries
/// the `id` of the command request it answers when it answers one, and then its payload's
/// keys. Keys are lower camel case, durations integer nanoseconds, and a diff comes as
/// structured ``StateChange``s beside the rendered lines. `Schemas/sluice-events.schema.json`
/// describes the same objects for other languages; a test holds the two together.
///
/// A Swift client reads a line with `JSONDecoder().decode(ProtocolEvent.self, from: data)`.
public struct ProtocolEvent: Codable, Sendable, Equatable {
  /// The version of the protocol this package writes: it changes when a key is removed or
  /// its meaning changes (adding keys or events does not change it).
  public static let currentVersion = 1

  /// The protocol version the event was written in.
  public var version: Int
  /// The command request this event answers, if it answers one.
  public var id: RequestID?
  /// What happened.
  public var payload: Payload

  /// An event of the current version.
  public init(_ payload: Payload, answering id: RequestID? = nil) {
    version = Self.currentVersion
    self.id = id
    self.payload = payload
  }

  private enum EnvelopeKeys: String, CodingKey { case event, version, id }

  /// Reads the envelope, then the payload its `event` names.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: EnvelopeKeys.self)
    version = try container.decode(Int.self, forKey: .version)
    id = try container.decodeIfPresent(RequestID.self, forKey: .id)
    let name = try container.decode(String.self, forKey: .event)
    payload = try Payload(named: name, from: decoder, at: container)
  }

  /// Writes `event`, `version` and `id` first, then the payload's keys in the same object.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: EnvelopeKeys.self)
    try container.encode(payload.name, forKey: .event)
    try container.encode(version, forKey: .version)
    try container.encodeIfPresent(id, forKey: .id)
    try payload.body.encode(to: encoder)
  }

  /// The event as one line of compact JSON, keys in the order above.
  public var line: String {
    // Every payload is strings, numbers, booleans and arrays of them: encoding cannot fail.
    (try? JSONValueEncoder.encode(self).serialized) ?? #"{"event":"error","version":1,"message":"unencodable event"}"#
  }
}
