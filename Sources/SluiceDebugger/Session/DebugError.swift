/// A command a session could not carry out, with what was wrong and where.
public struct DebugError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, as one line for people.
  public var message: String
  /// The 1-based column in the command's argument the error points at, when there is one.
  public var column: Int?

  /// Creates an error.
  public init(_ message: String, column: Int? = nil) {
    self.message = message
    self.column = column
  }

  public var description: String {
    column.map { "column \($0): \(message)" } ?? message
  }
}
