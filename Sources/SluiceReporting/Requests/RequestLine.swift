/// The lines a client of the JSON protocol sends: requests, one JSON object per line, as
/// ``ScriptRunner`` reads them from `sluice run --json -` and a program's agent reads them
/// from an attached client.
public enum RequestLine {
  /// `{"id": ID, "command": "TEXT"}`: run a command line.
  public static func command(_ text: String, id: RequestID) -> String {
    #"{"id":"# + idText(id) + #","command":"# + JSONValue.string(text).serialized + "}"
  }

  /// `{"id": ID, "command": "NAME", "arguments": […]}`: run the command `name` with
  /// `arguments`, each one word of it (see the protocol's structured requests): a value from
  /// elsewhere given this way never becomes two words or a comment, it is refused instead.
  public static func command(_ name: String, arguments: [String], id: RequestID) -> String {
    let words = JSONValue.array(arguments.map(JSONValue.string)).serialized
    return #"{"id":"# + idText(id) + #","command":"# + JSONValue.string(name).serialized + #","arguments":"# + words + "}"
  }

  /// `{"id": ID, "complete": "TEXT"}`: the candidates Tab offers at the end of `text`.
  public static func completion(of text: String, id: RequestID) -> String {
    #"{"id":"# + idText(id) + #","complete":"# + JSONValue.string(text).serialized + "}"
  }

  private static func idText(_ id: RequestID) -> String {
    switch id {
    case .integer(let value): String(value)
    case .string(let value): JSONValue.string(value).serialized
    }
  }
}
