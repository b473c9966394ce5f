/// Why a line is not a command, and where: `column 7: expected a number, found 'x'`.
public struct CommandParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, as one line for people.
  public var message: String
  /// The 1-based column in the line, in characters, where the problem starts.
  public var column: Int

  /// Creates an error at a column.
  public init(_ message: String, column: Int) {
    self.message = message
    self.column = column
  }

  /// `column 7: expected a number, found 'x'`.
  public var description: String { "column \(column): \(message)" }
}
