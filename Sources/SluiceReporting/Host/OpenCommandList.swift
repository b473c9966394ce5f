import SluiceDebugger

/// A breakpoint's `commands` list being read from a script's lines, up to its `end`: the
/// script runner and the attached shell's `source` read lists alike. (The shells read a
/// typed list at their `>` prompt.)
package struct OpenCommandList {
  /// The `commands` line, read.
  package let opening: ParsedCommand
  /// Where the `commands` line is.
  package let location: ScriptLocation
  /// The lines so far as written, the `commands` line first: a request carries them whole,
  /// one per line.
  package private(set) var texts: [String]
  private var block: CommandBlock

  /// Starts the list that `opening`, written as `text` at `location`, opens; `nil` when it
  /// opens none.
  package init?(opening: ParsedCommand, text: String, at location: ScriptLocation) {
    guard let block = CommandBlock(opening: opening.command) else { return nil }
    (self.opening, self.location, self.block, texts) = (opening, location, block, [text])
  }

  /// The `commands` line as written.
  package var openingText: String { texts[0] }

  /// Adds a line of the script to the list.
  ///
  /// - Returns: The `commands` command with its lines when `line` is `end`; `nil` before.
  /// - Throws: When the line does not parse, or opens a list of its own; the line is kept
  ///   in ``texts`` all the same.
  package mutating func add(_ line: String, parser: CommandParser) throws(CommandParseError) -> ParsedCommand? {
    texts.append(line)
    guard let finished = try block.add(line, parser: parser) else { return nil }
    var list = opening
    list.command = finished
    return list
  }

  /// The list as one request's command: its lines, one per line.
  package var requestText: String { texts.joined(separator: "\n") }
}
