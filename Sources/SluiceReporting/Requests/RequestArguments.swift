import Foundation
import SluiceDebugger

/// A request's command given word by word: `{"id": 1, "command": "log", "arguments":
/// ["case", "search*", "skip", 40, 20]}` runs `log case search* skip 40 20`.
///
/// What a client builds from its own fields, as a program passes `execve` an argument vector
/// rather than a shell a line: each argument is one word of the command, checked to be one,
/// so a value the client took from its user (a filter typed in a page) can never become two
/// words, a keyword's argument or a comment. An argument is a string or a whole number; a
/// string may hold no space, tab or line break and may not start with `#`. A command whose
/// last argument is text with spaces (a condition, an action) is sent as text in `command`.
package struct RequestArguments {
  /// The command's line: the command's name and its arguments, one space between each.
  package let line: String

  /// The line `command`'s name and the JSON array `arguments` (as written) make, or what is
  /// wrong with them.
  package init(command: String, arguments: String) throws(DebugError) {
    let words: [Word]
    do {
      words = try JSONDecoder().decode([Word].self, from: Data(arguments.utf8))
    } catch {
      throw DebugError("its `arguments`, \(Self.cut(arguments)), is not an array of strings and whole numbers")
    }
    try self.init(command: command, words: words.map(\.text))
  }

  /// The line `command`'s name and `words` make, or which of them is not one word.
  package init(command: String, words: [String]) throws(DebugError) {
    guard Self.isOneWord(command), let first = command.first, !".{".contains(first) else {
      throw DebugError(
        "its `command` is \(Self.shown(command)); with `arguments`, `command` names the command alone (`send` sends an action)")
    }
    var line = command
    for (offset, word) in words.enumerated() {
      guard Self.isOneWord(word) else {
        throw DebugError(
          "its argument \(offset + 1), \(Self.shown(word)), is not one word: an argument holds no space or "
            + "line break and does not start with #; send text with spaces in `command`")
      }
      line += " " + word
    }
    self.line = line
  }

  /// One argument: a string, or a whole number written in decimal.
  private struct Word: Decodable {
    let text: String

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let string = try? container.decode(String.self) {
        text = string
      } else {
        text = String(try container.decode(Int.self))
      }
    }
  }

  /// Whether `text` reads as exactly one word of a command line.
  private static func isOneWord(_ text: String) -> Bool {
    !text.isEmpty && !text.hasPrefix("#") && !text.contains(where: \.isWhitespace)
  }

  /// `text` as an error quotes it: in JSON, cut short when long.
  private static func shown(_ text: String) -> String {
    JSONValue.string(cut(text)).serialized
  }

  /// `text`, cut short when long: an error names a value, it does not repeat it.
  private static func cut(_ text: String) -> String {
    text.count > 60 ? String(text.prefix(60)) + "…" : text
  }
}
