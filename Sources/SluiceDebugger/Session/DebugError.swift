/// A command a session could not carry out, with what was wrong and where.
public struct DebugError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, as one line for people.
  public var message: String
  /// The 1-based column in the command's argument the error points at, when there is one.
  public var column: Int?
  /// The part of the command the error is about, when its column is not known where it is
  /// thrown: the reply to the command places the caret there (`ParsedCommand.culpritColumns`).
  package var culprit: Culprit?

  /// Creates an error.
  public init(_ message: String, column: Int? = nil) {
    self.message = message
    self.column = column
  }

  /// Creates an error about `culprit`, a part of the command.
  package init(_ message: String, about culprit: Culprit) {
    self.message = message
    self.culprit = culprit
  }

  /// A part of a command an error can be about.
  package enum Culprit: Hashable, Sendable {
    /// The path of a breakpoint's condition (`break add if PATH == 1`).
    case conditionPath
    /// The path `set var` sets.
    case editedPath
    /// The value `set var` sets.
    case editedValue
  }

  public var description: String {
    column.map { "column \($0): \(message)" } ?? message
  }
}
