/// Turns one line of the command language into a ``Command``.
///
/// Commands follow gdb/lldb/pdb habits: a word, then arguments. Any unique prefix of a
/// command's name works (`cont`), as do the short aliases `s`, `n`, `c`, `b`, `p`, `bt` and
/// `q`. A line whose first character is `.` or `{` is an action to send. Blank lines and
/// comments (`#` at the start, or after a space outside a string) are no command at all.
///
/// Errors carry the 1-based column in the line, so a caret can point at the problem.
public struct CommandParser: Sendable {
  /// Creates a parser.
  public init() {}

  /// Parses `line`.
  ///
  /// - Returns: The command, or `nil` for a blank line or a comment.
  /// - Throws: What is wrong and at which column.
  public func parse(_ line: String) throws(CommandParseError) -> Command? {
    let text = Self.removingComment(from: line)
    var cursor = ArgumentCursor(text)
    guard !cursor.isAtEnd else { return nil }
    if let first = text.first(where: { !$0.isWhitespace }), first == "." || first == "{" {
      let action = try cursor.requiredRest("an action", usage: "send ACTION")
      return .send(action: try Self.checkedAction(action))
    }
    guard let word = cursor.word() else { return nil }
    let resolved: CommandWord
    do {
      resolved = try CommandWord.resolve(word.text)
    } catch {
      throw CommandParseError(error.description, column: word.column)
    }
    return try parseArguments(of: resolved, &cursor)
  }

  /// `line` without its comment: from a `#` at the start or after whitespace, outside a
  /// string literal, to the end.
  static func removingComment(from line: String) -> String {
    var literal = StringLiteralScanner()
    var previous: Character = " "
    for (offset, character) in line.enumerated() {
      defer { previous = character }
      if literal.consume(character) { continue }
      if character == "#", previous.isWhitespace {
        return String(line.prefix(offset))
      }
    }
    return line
  }
}
