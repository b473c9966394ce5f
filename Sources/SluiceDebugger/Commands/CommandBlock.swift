/// The lines of a `commands` … `end` list, collected one line at a time, as the shell reads
/// them at its `>` prompt and a script runner reads the lines that follow.
///
/// Each line is parsed as it comes, so a typo is reported at its own line, not when the
/// breakpoint stops; blank lines and comments are left out; `end` finishes the list.
package struct CommandBlock {
  /// The command that opened the list: `commands 1`.
  package let opening: Command
  /// The lines so far, each as its command text (without comment or surrounding spaces).
  package private(set) var lines: [String] = []

  /// Starts the list `opening` reads, or `nil` when `opening` reads none.
  package init?(opening: Command) {
    guard case .breakpointCommands = opening else { return nil }
    self.opening = opening
  }

  /// Adds `line` to the list.
  ///
  /// - Returns: The opening command with its lines when `line` is `end`; `nil` otherwise.
  /// - Throws: When the line does not parse, or opens a list of its own.
  package mutating func add(_ line: String, parser: CommandParser) throws(CommandParseError) -> Command? {
    let text = CommandParser.commandText(of: line)
    if text == "end" {
      guard case .breakpointCommands(let id, _) = opening else { return opening }
      return .breakpointCommands(id: id, lines: lines)
    }
    guard let command = try parser.parse(line) else { return nil }
    if CommandBlock(opening: command) != nil {
      throw CommandParseError("a `commands` list cannot hold another; end this one with `end` first", column: 1)
    }
    lines.append(text)
    return nil
  }
}

extension Command {
  /// Whether the command lets the store run on: a breakpoint's command list stops after it,
  /// as gdb's does, and the next stop's list runs instead.
  package var resumesRunning: Bool {
    switch self {
    case .step, .next, .continue: true
    default: false
    }
  }
}
