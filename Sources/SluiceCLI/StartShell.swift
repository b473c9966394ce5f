import ArgumentParser
import Foundation
import SluiceDebugger
import SluiceShell

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sluice shell`, and `sluice` without a subcommand: the interactive shell on a terminal;
/// elsewhere (a pipe, a file) the lines run exactly as `sluice run -` runs them.
struct StartShell: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shell",
    abstract: "Start the interactive shell (what `sluice` alone does).",
    discussion: """
      On a terminal: line editing, Tab completion, history in $XDG_STATE_HOME/sluice \
      (else ~/.local/state/sluice); `help` lists the commands. With standard input not a \
      terminal, its lines run exactly as `sluice run -` runs them.
      """)

  @Option(help: "The feature to start with (default: the first registered).")
  var feature: String?

  @Flag(help: "Never color the output (NO_COLOR=1 does the same).")
  var noColor = false

  @OptionGroup var session: SessionFlags

  @MainActor
  func execute(registry: FeatureRegistry, output: any ScriptOutput) async -> Int32 {
    guard isatty(STDIN_FILENO) == 1 else {
      var arguments = ["-"]
      if let feature { arguments += ["--feature", feature] }
      arguments += session.arguments
      // The same parsing and the same code as `sluice run -`: the same output.
      guard let run = try? RunScripts.parse(arguments) else { return ScriptExitStatus.error.rawValue }
      return await run.execute(registry: registry, output: output).rawValue
    }
    let environment = ProcessInfo.processInfo.environment
    // A debugger stops where the trouble is, as gdb stops on a signal.
    let debugger = Debugger(registry: registry, options: session.options(defaultPolicy: .pause))
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
    // Typing on a terminal whose output goes elsewhere (`sluice > log`): no line editor,
    // but still the shell, which goes on after errors.
    let editor = LibEditLineReader(
      output: terminal, history: HistoryOptions(file: HistoryLocation.file(in: environment)),
      completion: completion, followsWindowSize: true)
    let reader: any LineReader = editor ?? PlainLineReader()
    let shell = Shell(interpreter: interpreter, reader: reader, output: terminal, style: style)
    let signals = ShellSignals(
      interrupt: { [weak shell] in shell?.interruptReceived() },
      terminate: { _ in editor?.requestEnd() })
    let status = await shell.run()
    withExtendedLifetime(signals) {}
    return status
  }
}
