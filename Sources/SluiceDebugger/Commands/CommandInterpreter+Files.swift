import Foundation

extension CommandInterpreter {
  /// `save`, `load`, `source`, `export`: sessions and scripts in files.
  func useFiles(_ command: Command) throws(DebugError) -> CommandResult {
    switch command {
    case .save(let path):
      try session().files.save(to: path)
      return .saved(path: path)
    case .load(let path, let feature):
      if let feature { return .loaded(path: path, try debugger.use(feature).files.load(from: path, as: feature)) }
      do {
        return try load(path)
      } catch {
        throw misplacedAs(in: path).map { DebugError("\(error.message) (\($0))") } ?? error
      }
    case .source(let path):
      return .host(.source(path: path))
    case .exportTest(let path):
      guard let registry = debugger.registry.importedAs else { throw Debugger.unreachableRegistry }
      let session = try session()
      let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      let test = try session.files.describeTest(registry: registry, origin: "a debugging session", name: name)
      return .export(.test(test), path: path)
    case .exportTrace(let path):
      return .export(.trace(try session().files.describeTrace(origin: "a debugging session")), path: path)
    default:
      throw DebugError("not a file command")
    }
  }

  /// `load FILE`: into the current feature, or, for another registered feature's session,
  /// into that one, switched to as `use` would, and said so.
  private func load(_ path: String) throws(DebugError) -> CommandResult {
    let current = try session()
    guard let saved = SessionFileHeader.feature(ofFileAt: path), saved != current.featureName,
      debugger.registry.names.contains(saved)
    else { return .loaded(path: path, try current.files.load(from: path)) }
    do {
      var report = try debugger.use(saved).files.load(from: path)
      report.featureSwitch = .init(from: current.featureName, to: saved)
      return .loaded(path: path, report)
    } catch {
      _ = try? debugger.use(current.featureName)
      throw error
    }
  }

  /// The order `load` takes, when `path` reads as `FILE as NAME` for a registered feature
  /// `NAME` (a file name may hold ` as `, so it is only said beside the error).
  private func misplacedAs(in path: String) -> String? {
    guard let range = path.range(of: " as ", options: .backwards) else { return nil }
    let (file, feature) = (path[..<range.lowerBound], path[range.upperBound...])
    guard !file.isEmpty, debugger.registry.names.contains(String(feature)) else { return nil }
    return "to load \(file) into \(feature), write `load as \(feature) \(file)`"
  }
}
