import ExampleRegistry
import Foundation
import SluiceDebugger
import SluiceReporting

/// Runs scripts over the example features and keeps what they print.
@MainActor
final class ScriptRunnerHarness {
  let output = CapturedScriptOutput()
  let runner: ScriptRunner

  init(
    format: ScriptRunner.Format = .text, virtualClock: Bool = true, registry: FeatureRegistry = exampleFeatures,
    cycleOverrides: CycleOverrides = CycleOverrides()
  ) {
    var options = SessionOptions.forTests(usesVirtualClock: virtualClock)
    options.cycleOverrides = cycleOverrides
    let debugger = Debugger(registry: registry, options: options)
    runner = ScriptRunner(
      interpreter: CommandInterpreter(debugger: debugger, origin: .script), output: output, format: format)
  }

  /// Runs `text` as `sluice run --json` runs a script, through the request loop, which
  /// answers the requests among its lines, and returns the status.
  func answer(_ text: String, named name: String = "test.sluice") async -> ScriptExitStatus {
    await RequestLoop(runner: runner).run(ScriptSource(name: name, text: text))
    return runner.finish()
  }

  /// Runs `text` as a script named `name` and returns the status.
  func run(_ text: String, named name: String = "test.sluice") async -> ScriptExitStatus {
    await runner.run(ScriptSource(name: name, text: text))
    return runner.finish()
  }
}

/// A temporary folder, removed when the value goes away.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-tests-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `text` to `name` in the folder and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }
}

/// The package's root folder, found from this file's place in it.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
