/// One line of the command language, read once: its command, and what the echo, the replies
/// and error carets need to know about the line, so that nothing scans it again.
package struct ParsedCommand: Sendable {
  /// What the line asks for. A host may change it before it runs (a script resolves a file
  /// name against its folder; a `commands` list gets its lines).
  package var command: Command
  /// The command's name as the table spells it: `print` for `p count`, `send` for an action.
  package let name: String
  /// The line as echoed before its result: without its comment and the blanks around it.
  package let echo: String
  /// The 1-based column of the command's first character.
  package let column: Int
  /// The 1-based column where the command's argument starts (the command's own column when
  /// it has none): errors from running it are placed there.
  package let argumentColumn: Int
  /// The 1-based columns of the parts of the command an error from running it may be about
  /// (a condition's path, `set var`'s path and value): its caret goes there.
  package var culpritColumns: [DebugError.Culprit: Int] = [:]
}
