import Foundation
import SluiceReporting

/// A request from the editor: `{"seq": 3, "type": "request", "command": "next",
/// "arguments": {…}}`.
package struct Request: Sendable {
  /// The editor's number for it, echoed as the response's `request_seq`.
  package let seq: Int
  /// What it asks: `initialize`, `stackTrace`, `next`…
  package let command: String
  /// Its arguments.
  package let arguments: Arguments

  /// A request made in code (tests).
  package init(seq: Int, command: String, arguments: Arguments) {
    (self.seq, self.command, self.arguments) = (seq, command, arguments)
  }

  /// A message that is no request the adapter can read: what is wrong, and its `seq` and
  /// `command` when they could be read, so the error response can answer it.
  package struct Unreadable: Error {
    package let seq: Int
    package let command: String
    package let error: AdapterError
  }

  /// The request a frame's body holds, or what is wrong with it.
  package static func read(_ body: [UInt8]) -> Result<Request, Unreadable> {
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: Data(body))
    } catch {
      return .failure(Unreadable(seq: 0, command: "", error: AdapterError("the message is not JSON")))
    }
    guard case .object = value, let message = try? Arguments(value) else {
      return .failure(Unreadable(seq: 0, command: "", error: AdapterError("the message is not a JSON object")))
    }
    let seq = (try? message.integer("seq")) ?? nil
    let command = (try? message.string("command")) ?? nil
    func refused(_ why: String) -> Result<Request, Unreadable> {
      .failure(Unreadable(seq: seq ?? 0, command: command ?? "", error: AdapterError(why)))
    }
    guard (try? message.string("type")) == "request" else { return refused("the message is not a request (`type` must be \"request\")") }
    guard let seq else { return refused("the request has no whole-number `seq`") }
    guard let command else { return refused("the request has no string `command`") }
    do {
      return .success(Request(seq: seq, command: command, arguments: try Arguments(message["arguments"])))
    } catch {
      return refused(error.message)
    }
  }
}

/// A message to the editor, before its `seq` is given: a response or an event.
package enum Outgoing: Sendable, Equatable {
  /// The answer to request `requestSeq`: its `body`, or the error it failed with.
  case response(requestSeq: Int, command: String, Result<JSONValue?, AdapterError>)
  /// An event: `stopped`, `output`, `invalidated`…
  case event(String, JSONValue?)

  /// The message as JSON, numbered `seq`.
  package func json(seq: Int) -> JSONValue {
    switch self {
    case .response(let requestSeq, let command, .success(let body)):
      var members: [(String, JSONValue)] = [
        ("seq", .integer(seq)), ("type", .string("response")), ("request_seq", .integer(requestSeq)),
        ("success", .boolean(true)), ("command", .string(command)),
      ]
      if let body { members.append(("body", body)) }
      return .object(members)
    case .response(let requestSeq, let command, .failure(let error)):
      return .object([
        ("seq", .integer(seq)), ("type", .string("response")), ("request_seq", .integer(requestSeq)),
        ("success", .boolean(false)), ("command", .string(command)), ("message", .string(error.message)),
        // The protocol's error body: an editor shows its `format` to the user. It names no
        // variables, so a `{…}` in the message stays as written.
        ("body", .object([("error", .object([("id", .integer(1)), ("format", .string(error.message)), ("showUser", .boolean(true))]))])),
      ])
    case .event(let name, let body):
      var members: [(String, JSONValue)] = [("seq", .integer(seq)), ("type", .string("event")), ("event", .string(name))]
      if let body { members.append(("body", body)) }
      return .object(members)
    }
  }

  /// The message as JSON text, `seq` 0: for its owner to number.
  package var body: [UInt8] {
    var bytes: [UInt8] = []
    json(seq: 0).write(to: &bytes)
    return bytes
  }

  /// The event's name, or `nil` for a response.
  package var eventName: String? {
    if case .event(let name, _) = self { return name }
    return nil
  }

  package static func == (lhs: Outgoing, rhs: Outgoing) -> Bool { lhs.json(seq: 0) == rhs.json(seq: 0) }
}
