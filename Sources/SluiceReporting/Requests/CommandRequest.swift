import Foundation
import SluiceDebugger

/// A request in the JSON protocol: one object per line, a command to run (`{"id": 7,
/// "command": "print count"}`) or text to complete as Tab would (`{"id": 8, "complete":
/// "print co"}`, answered by a `completions` event). A command may come word by word, its
/// name in `command` and its words in `arguments` (``RequestArguments``): what a client
/// builds from its own fields, so that no value becomes part of another. Every event written while it runs
/// echoes its `id`, as the client wrote it, and a `completed` event with that id follows the
/// last of them, so a program driving `sluice run --json -` over a pipe can match answers to
/// questions.
///
/// Told from an action written as JSON (`{"increment": {}}`) by an `id`, `command` or
/// `complete` member whose value is not an object: an action's members are objects.
struct CommandRequest {
  /// What the client calls the request: a string or an integer.
  let id: RequestID
  /// The id's JSON text as the client wrote it, echoed in every answer (`1e3` stays `1e3`).
  let idText: String
  /// What the request asks.
  let question: Question

  /// What a request can ask.
  enum Question: Equatable {
    /// Run this command line.
    case command(String)
    /// Complete this text, which ends at the cursor.
    case completion(String)
  }

  /// A line that is a request but cannot be run: what is wrong, where, and the id when one
  /// could be read.
  struct Malformed: Error {
    let id: (value: RequestID, text: String)?
    let message: String
    let column: Int?
  }

  /// The request `line` holds, `nil` when it is no request (a command, an action), or what
  /// is wrong with a request that cannot be run.
  static func read(_ line: String) -> Result<Self, Malformed>? {
    // Cheap test first: most lines are not JSON at all.
    guard line.first == "{", line.contains("\"id\"") || line.contains("\"command\"") || line.contains("\"complete\"")
    else { return nil }
    let json = JSONMembers(line: line)
    let isRequest =
      if json.problem == nil {
        [json["id"], json["command"], json["complete"]].contains { $0 != nil && $0?.kind != .object }
          || (json["id"] != nil && (json["command"] != nil || json["complete"] != nil))
      } else {
        ["id", "command", "complete"].contains(where: json.keys.contains) || line.contains("\"command\"")
      }
    guard isRequest else { return nil }
    let id = json["id"].flatMap { try? Self.id(of: $0) }.map { ($0, json["id"]!.text) }
    func malformed(_ message: String, column: Int? = nil) -> Result<Self, Malformed> {
      .failure(Malformed(id: id, message: "bad request: " + message, column: column))
    }
    if let problem = json.problem {
      return malformed("it is not one JSON object: \(problem.message) (column \(problem.column))", column: problem.column)
    }
    guard let idMember = json["id"] else { return malformed("it has no `id`; a request is {\"id\": 1, \"command\": \"…\"}") }
    let value: RequestID
    do {
      value = try Self.id(of: idMember)
    } catch {
      return malformed(error.message)
    }
    let question: Question
    switch (json["command"], json["complete"]) {
    case (nil, nil):
      return malformed("it has no `command` (or `complete`)")
    case (_?, _?):
      return malformed("it has both `command` and `complete`; a request asks one of them")
    case (let command?, nil):
      guard command.kind == .string else { return malformed("its `command` is \(command.text), not a string") }
      let text = JSONMembers.unescaped(command.text)
      guard let arguments = json["arguments"] else {
        question = .command(text)
        break
      }
      do {
        question = .command(try RequestArguments(command: text, arguments: arguments.text).line)
      } catch {
        return malformed(error.message)
      }
    case (nil, let text?):
      guard json["arguments"] == nil else { return malformed("it has `arguments` for `complete`; they go with `command`") }
      guard text.kind == .string else { return malformed("its `complete` is \(text.text), not a string") }
      question = .completion(JSONMembers.unescaped(text.text))
    }
    return .success(CommandRequest(id: value, idText: idMember.text, question: question))
  }

  /// The id a member's value is: a string, or a whole number an `Int` holds.
  private static func id(of member: JSONMembers.Member) throws(DebugError) -> RequestID {
    switch member.kind {
    case .string:
      return .string(JSONMembers.unescaped(member.text))
    case .number:
      guard let number = WholeNumber(member.text) else {
        throw DebugError("its `id` is \(member.text), not a whole number; an id is a string or an integer")
      }
      guard let integer = number.value else {
        throw DebugError("its `id` is \(member.text), beyond what an integer id holds (\(Int.min) to \(Int.max))")
      }
      return .integer(integer)
    case .object, .array, .literal:
      throw DebugError("its `id` is \(member.text); an id is a string or an integer")
    }
  }
}
