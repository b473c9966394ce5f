extension CommandInterpreter {
  /// `save`, `load`, `source`: sessions and scripts in files.
  func useFiles(_ command: Command) throws(DebugError) -> CommandResult {
    switch command {
    case .save(let path):
      try session().save(to: path)
      return .saved(path: path)
    case .load(let path):
      return .loaded(path: path, try session().load(from: path))
    case .source(let path):
      return .sourceRequested(path: path)
    default:
      throw DebugError("not a file command")
    }
  }
}
