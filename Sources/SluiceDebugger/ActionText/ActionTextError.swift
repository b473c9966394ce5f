/// Why action text could not be parsed, and where.
///
/// The column is 1-based and counts user-perceived characters (grapheme clusters),
/// so a shell can put a caret under it. `snippet` is the offending text (the token, or
/// the next few characters), empty at the end of the input.
public struct ActionTextError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The 1-based column, in characters, where the problem starts.
  public var column: Int
  /// What went wrong, e.g. `expected ')' to close '(' opened at column 5`.
  public var message: String
  /// The offending text at `column`, at most a few characters; empty at the end of input.
  public var snippet: String

  /// Creates an error at a column.
  public init(column: Int, message: String, snippet: String = "") {
    self.column = column
    self.message = message
    self.snippet = snippet
  }

  /// `column 12: unexpected character '#' (at "#x")`.
  public var description: String {
    if snippet.isEmpty {
      return "column \(column): \(message)"
    }
    return "column \(column): \(message) (at \(SwiftStringEscaping.quoted(snippet)))"
  }
}
