import Foundation
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
    case .exportTest(let path):
      guard let registry = debugger.registry.importedAs else { throw Debugger.unreachableRegistry }
      let session = try session()
      let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      let exported = try session.exportTest(registry: registry, origin: "a debugging session", name: name)
      try exported.write(to: path)
      let count = exported.actionCount
      return .message(
        ["exported \(count) \(count == 1 ? "action" : "actions") as a test to \(path)"]
          + exported.notes.map { "note: " + $0 })
    default:
      throw DebugError("not a file command")
    }
  }
}
