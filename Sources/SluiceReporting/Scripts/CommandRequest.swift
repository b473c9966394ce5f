import Foundation
import SluiceDebugger

/// A command sent in the JSON protocol: one object per line, `{"id": 7, "command": "print
/// count"}`. Every event written while it runs echoes its `id`, and a `completed` event with
/// that id follows the last of them, so a program driving `sluice run --json -` over a pipe
/// can match answers to questions.
///
/// Told from an action written as JSON (`{"increment": {}}`) by its `command` member, whose
/// value is a string: an action's members are objects.
struct CommandRequest: Decodable {
  /// What the client calls the request: a string or an integer, echoed as given.
  let id: RequestID
  /// The command line to run.
  let command: String

  /// The request `line` holds, or `nil` when it is no request (a command, an action).
  init?(line: String) {
    // Cheap test first: most lines are not JSON at all.
    guard line.first == "{", line.contains("\"command\""),
      let request = try? JSONDecoder().decode(Self.self, from: Data(line.utf8))
    else { return nil }
    self = request
  }
}
