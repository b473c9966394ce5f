import Foundation

extension CommandInterpreter {
  /// `save`, `load`, `source`, `export`: sessions and scripts in files.
  func useFiles(_ command: Command) throws(DebugError) -> CommandResult {
    switch command {
    case .save(let path):
      try session().save(to: path)
      return .saved(path: path)
    case .load(let path, let feature):
      if let feature { return .loaded(path: path, try debugger.use(feature).load(from: path, as: feature)) }
      let current = try session()
      // Another registered feature's session: switch to it, as `use` would, and say so.
      guard let saved = SessionFileHeader.feature(ofFileAt: path), saved != current.featureName,
        debugger.registry.names.contains(saved)
      else { return .loaded(path: path, try current.load(from: path)) }
      do {
        var report = try debugger.use(saved).load(from: path)
        report.featureSwitch = .init(from: current.featureName, to: saved)
        return .loaded(path: path, report)
      } catch {
        _ = try? debugger.use(current.featureName)
        throw error
      }
    case .source(let path):
      return .host(.source(path: path))
    case .exportTest(let path):
      guard let registry = debugger.registry.importedAs else { throw Debugger.unreachableRegistry }
      let session = try session()
      let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      let test = try session.describeTest(registry: registry, origin: "a debugging session", name: name)
      return .export(.test(test), path: path)
    case .exportTrace(let path):
      return .export(.trace(try session().describeTrace(origin: "a debugging session")), path: path)
    default:
      throw DebugError("not a file command")
    }
  }
}
