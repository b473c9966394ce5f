import ExampleRegistry
import Foundation
import SluiceDebugger
import SluiceShell

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the shell in this process on scripted lines and returns what it wrote.
@MainActor
enum ShellFixture {
  struct Run {
    var status: Int32
    var output: String
    /// The prompts the shell read lines with, as plain text.
    var prompts: [String] = []
    var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
  }

  /// The sessions' options: real-time waits for jobs only as a hang guard.
  static func options(virtualClock: Bool) -> SessionOptions {
    var options = SessionOptions(usesVirtualClock: virtualClock)
    options.waitLimit = hangGuard
    return options
  }

  static func run(_ inputs: [LineInput], virtualClock: Bool = false, startup: [StartupStep] = []) async -> Run {
    let path = NSTemporaryDirectory() + "sluice-shell-output-" + UUID().uuidString
    let file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    defer {
      close(file)
      unlink(path)
    }
    let debugger = Debugger(registry: exampleFeatures, options: options(virtualClock: virtualClock))
    let reader = ScriptedLineReader(inputs: inputs)
    let shell = Shell(
      interpreter: CommandInterpreter(debugger: debugger), reader: reader,
      output: TerminalOutput(fileDescriptor: file), style: TerminalStyle(usesColor: false))
    let status = await shell.run(startup: startup)
    let output = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return Run(status: status, output: output, prompts: reader.prompts.map(\.plainText))
  }

  static func run(_ lines: [String], virtualClock: Bool = false, startup: [StartupStep] = []) async -> Run {
    await run(lines.map { LineInput.line($0) }, virtualClock: virtualClock, startup: startup)
  }
}
