/// Reads one command, which may span lines: while a `(`, `[` or `"` is open the next line
/// continues it, under a continuation prompt. An empty continuation line ends the command
/// as it is, so the parser can say what is unfinished instead of the shell waiting on.
package struct CommandInput: Sendable {
  /// The longest command accepted, in characters; a longer one is refused unparsed.
  package static let maximumLength = 64 * 1024

  /// What one read gave.
  package enum Result: Sendable, Equatable {
    /// A command: its lines joined with line breaks.
    case command(String)
    /// Ctrl-C; `discarded` is everything typed for the command so far.
    case interrupted(discarded: String)
    /// Input ended before a command started.
    case endOfInput
    /// Input ended in the middle of a command (`text`), which is dropped.
    case endedInsideCommand(String, InputBalance)
  }

  private let reader: any LineReader

  /// Reads from `reader`.
  package init(reader: any LineReader) {
    self.reader = reader
  }

  /// Reads the next command, prompting with `prompt` and then with `continuation`.
  package func next(prompt: Prompt, continuation: Prompt) async -> Result {
    var text: String?
    while true {
      switch await reader.readLine(prompt: text == nil ? prompt : continuation) {
      case .line(let line):
        guard let sofar = text else {
          if InputBalance(of: line).isComplete { return .command(line) }
          text = line
          continue
        }
        if line.allSatisfy(\.isWhitespace) { return .command(sofar) }
        let joined = sofar + "\n" + line
        if InputBalance(of: joined).isComplete || joined.count > Self.maximumLength { return .command(joined) }
        text = joined
      case .interrupted(let discarded):
        return .interrupted(discarded: text.map { $0 + "\n" + discarded } ?? discarded)
      case .endOfInput:
        guard let text else { return .endOfInput }
        return .endedInsideCommand(text, InputBalance(of: text))
      }
    }
  }
}
