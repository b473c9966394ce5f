extension JSONEventWriter {
  /// Where an event's command was written: the script and line when it came from one, and
  /// the column the event is about, which a command typed at the shell has too.
  package struct Place: Sendable, Equatable {
    /// The script, when the command came from one.
    package var file: String?
    /// The 1-based line in it.
    package var line: Int?
    /// The 1-based column in the command's line.
    package var column: Int?

    /// A place; nowhere by default.
    package init(file: String? = nil, line: Int? = nil, column: Int? = nil) {
      (self.file, self.line, self.column) = (file, line, column)
    }

    /// The place of a script location, or nowhere.
    package init(_ location: ScriptLocation?) {
      self.init(file: location?.file, line: location?.line, column: location?.column)
    }
  }
}
