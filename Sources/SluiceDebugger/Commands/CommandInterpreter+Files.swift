import Foundation
extension CommandInterpreter {
  /// What `export trace` and `sluice export-trace` say they wrote.
  public static func exportedTraceSummary(_ trace: ExportedTrace, path: String) -> String {
    func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    let what = "\(counted(trace.reductionCount, "reduction")) and \(counted(trace.jobCount, "job"))"
    return "exported \(what) as a trace to \(path) (open it in ui.perfetto.dev or chrome://tracing)"
  }

  /// `save`, `load`, `source`: sessions and scripts in files.
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
      let exported = try session.exportTest(registry: registry, origin: "a debugging session", name: name)
      try exported.write(to: path)
      let count = exported.actionCount
      return .message(
        ["exported \(count) \(count == 1 ? "action" : "actions") as a test to \(path)"]
          + exported.notes.map { "note: " + $0 })
    case .exportTrace(let path):
      let trace = try session().exportTrace(origin: "a debugging session")
      try trace.write(to: path)
      return .message([Self.exportedTraceSummary(trace, path: path)])
    default:
      throw DebugError("not a file command")
    }
  }
}
