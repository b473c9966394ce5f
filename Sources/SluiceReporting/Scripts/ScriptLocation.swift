import SluiceDebugger

/// A place in a script: the file as named, the 1-based line, and the column when known.
public struct ScriptLocation: Sendable, Equatable, CustomStringConvertible {
  /// The file as it was named (`-` or `<stdin>` for standard input).
  public var file: String
  /// The 1-based line.
  public var line: Int
  /// The 1-based column in characters, when the message is about one.
  public var column: Int?

  /// Creates a location.
  public init(file: String, line: Int, column: Int? = nil) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line` or `file:line:column`.
  public var description: String {
    "\(file):\(line)" + (column.map { ":\($0)" } ?? "")
  }
}
