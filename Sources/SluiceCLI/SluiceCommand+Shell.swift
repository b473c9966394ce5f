import Foundation
import SluiceDebugger
import SluiceShell

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SluiceCommand {
  /// `sluice` without a subcommand: the interactive shell on a terminal; elsewhere (a pipe,
  /// a file) the lines run exactly as `sluice run -` runs them.
  @MainActor
  func startShell(registry: FeatureRegistry, output: any ScriptOutput) async -> Int32 {
    guard isatty(STDIN_FILENO) == 1 else {
      var arguments = ["-"]
      if let feature { arguments += ["--feature", feature] }
      if virtualClock { arguments.append("--virtual-clock") }
      // The same parsing and the same code as `sluice run -`: the same output.
      guard let run = try? RunScripts.parse(arguments) else { return ScriptExitStatus.error.rawValue }
      return await run.execute(registry: registry, output: output).rawValue
    }
    let environment = ProcessInfo.processInfo.environment
    let debugger = Debugger(registry: registry, options: SessionOptions(usesVirtualClock: virtualClock))
    let interpreter = CommandInterpreter(debugger: debugger, origin: .user)
    do {
      if let feature { try debugger.use(feature) } else { _ = try interpreter.session() }
    } catch {
      output.write("error: \(error.message)", to: .standardError)
      return ScriptExitStatus.error.rawValue
    }
    let terminal = TerminalOutput()
    let style = TerminalStyle(
      isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment, noColorFlag: noColor)
    let completion = ShellCompletion(interpreter: interpreter)
    guard
      let reader = LibEditLineReader(
        output: terminal, history: HistoryOptions(file: HistoryLocation.file(in: environment)),
        completion: completion, followsWindowSize: true)
    else {
      output.write("error: cannot start the line editor on this terminal", to: .standardError)
      return ScriptExitStatus.error.rawValue
    }
    let shell = Shell(interpreter: interpreter, reader: reader, output: terminal, style: style)
    let signals = ShellSignals(
      interrupt: { [weak shell] in shell?.interruptReceived() },
      terminate: { _ in reader.requestEnd() })
    let status = await shell.run()
    withExtendedLifetime(signals) {}
    return status
  }
}
