import ExampleRegistry
import SluiceDebugger
import Testing

/// The example features under the debugger, on virtual time, driven by command lines as the
/// shell drives them: where a failing test's session file is opened.
@MainActor
final class LoadedSession {
  let debugger: Debugger
  let interpreter: CommandInterpreter

  /// A debugger using `feature`, before anything is loaded.
  init(feature: String) throws {
    var options = SessionOptions(usesVirtualClock: true)
    options.waitLimit = hangGuard
    debugger = Debugger(registry: exampleFeatures, options: options)
    interpreter = CommandInterpreter(debugger: debugger, origin: .script)
    _ = try debugger.use(feature)
  }

  /// The feature's session.
  var session: any DebugSession {
    get throws { try #require(debugger.current) }
  }

  /// Parses and runs `line`, failing the test when it fails.
  @discardableResult
  func run(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> CommandResult {
    let command = try #require(try CommandParser().parse(line), "no command in '\(line)'", sourceLocation: sourceLocation)
    return try await interpreter.execute(command).result.get()
  }

  /// `load path`, returning what the load reported.
  func load(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> LoadReport {
    guard case .loaded(_, let report) = try await run("load \(path)", sourceLocation: sourceLocation) else {
      Issue.record("load \(path) did not load", sourceLocation: sourceLocation)
      throw DebugError("not loaded")
    }
    return report
  }

  /// The compact rendering of the value at `path` (`print path`).
  func value(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
    guard case .value(_, let tree) = try await run("print \(path)", sourceLocation: sourceLocation) else { return "" }
    return tree.compactDescription
  }
}
