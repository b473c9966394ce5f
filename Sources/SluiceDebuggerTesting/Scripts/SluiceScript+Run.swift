import SluiceTesting
import Foundation
import SluiceDebugger
import SluiceReporting
import SluiceScriptOptions
import Testing

extension SluiceScript {
  /// Runs the script against the features of `registry`, as `sluice run` runs it, recording
  /// every failure as a Swift Testing issue at the script's file, line and column: a failed
  /// `expect` (expected, actual and the diff), a line that does not parse or a command that
  /// fails (the run stops there, as `sluice run` stops), a cycle whose chain the detector
  /// broke, a job that failed, and a `wait` that ended with work still running.
  ///
  /// The script runs on the virtual clock unless its header says `# sluice: --real-clock`;
  /// the rest of its `# sluice:` header (`--feature`, the cycle detector's settings) applies
  /// as in `sluice run`. Each run has a debugger of its own, so scripts run in parallel.
  ///
  /// - Parameters:
  ///   - registry: The features the script may `use`.
  ///   - sourceLocation: Where an issue that has no place in the script (a script that
  ///     cannot be read, a header that does not parse) is recorded: the calling test.
  /// - Returns: The run's status, as `sluice run` would exit with it.
  @MainActor
  @discardableResult
  public func run(against registry: FeatureRegistry, sourceLocation: SourceLocation = #_sourceLocation) async
    -> ScriptExitStatus
  {
    let reporter = ScriptIssueReporter(fallback: sourceLocation)
    if let problem {
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
      return .error
    }
    let declared: ScriptDeclaredOptions
    do {
      declared = try ScriptDeclaredOptions.read(from: path)
    } catch {
      Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
      return .error
    }
    var flags = declared.session
    flags.virtualClock = !flags.realClock
    let debugger = Debugger(registry: registry, options: flags.options(defaultPolicy: .break))
    let interpreter = CommandInterpreter(debugger: debugger, origin: .script)
    let runner = ScriptRunner(interpreter: interpreter, reporter: reporter)
    if let feature = declared.feature {
      do {
        try debugger.use(feature)
      } catch {
        runner.stop(withError: error.message, at: ScriptLocation(file: path, line: 1))
        return runner.finish()
      }
    }
    return await runner.run(files: [path])
  }
}
