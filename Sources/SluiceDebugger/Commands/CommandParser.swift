import Foundation

/// Turns one line of the command language into a ``Command``.
///
/// Commands follow gdb/lldb/pdb habits: a word, then arguments. Any unique prefix of a
/// command's name works (`cont`), as do the short aliases `s`, `n`, `c`, `b`, `p`, `bt` and
/// `q`. A line whose first character is `.` or `{` is an action to send. Blank lines and
/// comments (`#` at the start, or after a space outside a string) are no command at all.
///
/// Errors carry the 1-based column in the line, so a caret can point at the problem.
public struct CommandParser: Sendable {
  /// The commands it knows.
  public let table: CommandTable

  /// Creates a parser for the commands of `table`.
  public init(table: CommandTable = .standard) {
    self.table = table
  }

  /// Parses `line`.
  ///
  /// - Returns: The command, or `nil` for a blank line or a comment.
  /// - Throws: What is wrong and at which column.
  public func parse(_ line: String) throws(CommandParseError) -> Command? {
    try read(line)?.command
  }

  /// Reads `line` once: its command, its name, its echo and the columns of its parts.
  ///
  /// - Returns: `nil` for a blank line or a comment.
  /// - Throws: What is wrong and at which column.
  package func read(_ line: String) throws(CommandParseError) -> ParsedCommand? {
    let characters = LineCharacters(line)
    let end = Self.commentStart(in: characters)
    var cursor = ArgumentCursor(characters, upTo: end)
    guard !cursor.isAtEnd else { return nil }
    let column = cursor.column
    let echo = Self.trimmed(characters, upTo: end)
    if cursor.isAt(ascii: UInt8(ascii: ".")) || cursor.isAt(ascii: UInt8(ascii: "{")) {
      let action = try cursor.requiredRest("an action", usage: CommandUsage(["send ACTION"]))
      return ParsedCommand(
        command: .send(action: try Self.checkedAction(action)), name: "send", echo: echo, column: column,
        argumentColumn: column)
    }
    guard let word = cursor.word() else { return nil }
    let resolved: CommandWord
    do {
      resolved = try table.resolve(word.text)
    } catch {
      throw CommandParseError(error.description, column: word.column)
    }
    if let refusal = resolved.refusal { throw CommandParseError(refusal, column: word.column) }
    let argumentColumn = cursor.isAtEnd ? column : cursor.column
    let command = try parseArguments(of: resolved, &cursor)
    return ParsedCommand(
      command: command, name: resolved.name, echo: echo, column: column, argumentColumn: argumentColumn,
      culpritColumns: cursor.culpritColumns)
  }

  /// The command as echoed before its result: without its comment and without the spaces
  /// and tabs around it.
  package static func commandText(of line: String) -> String {
    let characters = LineCharacters(line)
    return trimmed(characters, upTo: commentStart(in: characters))
  }

  /// The characters before `end` without the spaces and tabs around them.
  private static func trimmed(_ characters: LineCharacters, upTo end: Int) -> String {
    // Foundation's `.whitespaces` is Unicode's space separators and tab: for ASCII, space
    // and tab only, not line breaks.
    guard characters.isASCII else {
      return characters.text(0..<end).trimmingCharacters(in: .whitespaces)
    }
    let isSpace = { (position: Int) in
      let code = characters.ascii(at: position)
      return code == UInt8(ascii: " ") || code == UInt8(ascii: "\t")
    }
    var (start, end) = (0, end)
    while start < end, isSpace(start) { start += 1 }
    while end > start, isSpace(end - 1) { end -= 1 }
    return characters.text(start..<end)
  }

  /// The offset of the character where the line's comment starts (`#` at the start or after
  /// whitespace, outside a string literal), or the character count when it has none.
  package static func commentStart(in characters: LineCharacters) -> Int {
    // Most lines have no `#` at all: no need to follow their string literals.
    guard characters.mayContain(ascii: UInt8(ascii: "#")) else { return characters.count }
    var scanner = LexicalScanner()
    var previousIsWhitespace = true
    for position in 0..<characters.count {
      let code = characters.ascii(at: position)
      defer { previousIsWhitespace = characters.isWhitespace(at: position) }
      if scanner.consume(ascii: code) == .quoted { continue }
      if code == UInt8(ascii: "#"), previousIsWhitespace {
        return position
      }
    }
    return characters.count
  }
}
