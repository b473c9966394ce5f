import ArgumentParser
import Foundation
import SluiceDebugger
import SluiceReporting
import SluiceScriptOptions
import SluiceShell

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sluice shell`, and `sluice` without a subcommand: the interactive shell on a terminal;
/// elsewhere (a pipe, a file) the lines run exactly as `sluice run -` runs them.
struct StartShell: ParsableCommand {
  /// Named after the running binary, as ``SluiceCommand``'s help is.
  static var configuration: CommandConfiguration {
    let program = SluiceCommand.programName
    return CommandConfiguration(
      commandName: "shell",
      abstract: "Start the interactive shell (what `\(program)` alone does).",
      discussion: """
        On a terminal: line editing, Tab completion, history in $XDG_STATE_HOME/sluice \
        (else ~/.local/state/sluice); `help` lists the commands. With standard input not a \
        terminal, its lines run exactly as `\(program) run -` runs them.
        """)
  }

  @OptionGroup var featureChoice: FeatureOption<StartingFeature>

  @Flag(help: "Never color the output (NO_COLOR=1 does the same; FORCE_COLOR=1 colors output that is not a terminal).")
  var noColor = false

  @Option(
    name: [.customShort("x"), .customLong("source")],
    help: ArgumentHelp("Run a script before the prompt, as `source` does; may be repeated.", valueName: "file"))
  var sources: [String] = []

  @Option(
    name: [.customLong("ex", withSingleDash: true), .customLong("command")],
    help: ArgumentHelp("Run a command before the prompt (with -x, in the order given); may be repeated.", valueName: "line"))
  var commands: [String] = []

  @Option(
    help: ArgumentHelp(
      "Load a saved session (a program's flight recording) before the prompt, into the feature it names, or --feature's.",
      valueName: "file"))
  var load: String?

  @Flag(help: "Run neither init file (\(InitFiles.localName) nor the user's init.sluice).")
  var noInit = false

  @Option(help: ArgumentHelp("Keep the shell's history in this file (default: $XDG_STATE_HOME/sluice/history).", valueName: "file"))
  var historyFile: String?

  @Option(help: ArgumentHelp("How many commands the history keeps (default 1000; SLUICE_HISTORY_SIZE).", valueName: "N"))
  var historySize: Int?

  @OptionGroup var session: SessionFlags

  func validate() throws {
    if let historySize, !(1...1_000_000).contains(historySize) {
      throw ValidationError("--history-size takes a whole number from 1 to 1000000, not \(historySize)")
    }
  }

  /// What runs before the prompt: the init files, then the `-x` scripts and `-ex` commands
  /// in the order `arguments` (the command line) gives them, as gdb runs them.
  @MainActor
  private func startup(environment: [String: String], arguments: [String], output: any ScriptOutput) -> [StartupStep] {
    var steps: [StartupStep] = []
    if !noInit {
      let inits = InitFiles(environment: environment, directory: FileManager.default.currentDirectoryPath)
      for warning in inits.warnings { output.write(warning, to: .standardError) }
      steps += inits.files.map(StartupStep.initFile)
    }
    return steps + loadStep + Self.interleaved(sources: sources, commands: commands, as: arguments)
  }

  /// `--load FILE` as the command that does it: `load as NAME FILE`, the feature
  /// `--feature`'s or the one the file names (a recording names the feature its program
  /// gave, or its store).
  @MainActor
  private var loadStep: [StartupStep] {
    guard let load else { return [] }
    let name = featureChoice.feature ?? (try? SessionFileHeader.feature(ofFileAt: load))
    // A file whose feature cannot be read is loaded as it is, for `load` to say why it fails.
    return [.command(name.map { "load as \($0) \(load)" } ?? "load \(load)")]
  }

  /// The scripts and commands in the order their options stand in `arguments`; ArgumentParser
  /// keeps each list in order, so each option met takes the next of its list.
  static func interleaved(sources: [String], commands: [String], as arguments: [String]) -> [StartupStep] {
    var sources = sources[...]
    var commands = commands[...]
    var steps: [StartupStep] = []
    var index = 0
    while index < arguments.count, arguments[index] != "--" {
      let argument = arguments[index]
      let (name, joined) = argument.hasPrefix("--") && argument.contains("=")
        ? (String(argument.prefix { $0 != "=" }), true) : (argument, false)
      if ["-x", "--source"].contains(name), let source = sources.popFirst() {
        steps.append(.file(source))
        if !joined { index += 1 }
      } else if ["-ex", "--command"].contains(name), let command = commands.popFirst() {
        steps.append(.command(command))
        if !joined { index += 1 }
      }
      index += 1
    }
    return steps + sources.map(StartupStep.file) + commands.map(StartupStep.command)
  }

  /// Runs the shell; `page` serves `ui`'s page, if the debugger links one. With `servingOn` a
  /// port (`sluice serve`), the session's page is served on it (0: a free one) from the
  /// start, and its address printed; `allowingFiles` (`--allow-files`): its pages may read
  /// and write files.
  @MainActor
  func execute(
    registry: FeatureRegistry, arguments: [String], output: any ScriptOutput, page support: PageSupport?,
    servingOn port: Int? = nil, allowingFiles: Bool = false
  ) async -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let startup = startup(environment: environment, arguments: arguments, output: output)
    guard isatty(STDIN_FILENO) == 1 else {
      var arguments = ["-"]
      if let feature = featureChoice.feature { arguments += ["--feature", feature] }
      arguments += session.arguments
      // The same parsing and the same code as `sluice run -`: the same output.
      guard let run = try? RunScripts.parse(arguments) else { return ScriptExitStatus.error.rawValue }
      guard let port, let support else {
        return await run.execute(registry: registry, output: output, startup: startup).rawValue
      }
      return await Self.serveBesideRun(
        run, with: support, on: port, allowingFiles: allowingFiles, registry: registry, output: output,
        startup: startup)
    }
    // A debugger stops where the trouble is, as gdb stops on a signal.
    let debugger = Debugger(registry: registry, options: session.options(defaultPolicy: .pause))
    let interpreter = CommandInterpreter(debugger: debugger, origin: .user)
    do {
      if let feature = featureChoice.feature { try debugger.use(feature) } else { _ = try interpreter.session() }
    } catch {
      output.write("error: \(error.message)", to: .standardError)
      return ScriptExitStatus.error.rawValue
    }
    let terminal = TerminalOutput()
    let style = TerminalStyle(
      isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment, noColorFlag: noColor)
    let completion = CommandCompletion(interpreter: interpreter)
    // Typing on a terminal whose output goes elsewhere (`sluice > log`): no line editor,
    // but still the shell, which goes on after errors.
    let editor = LibEditLineReader(
      output: terminal,
      history: HistoryOptions(environment: environment, file: historyFile, limit: historySize),
      completion: completion, followsWindowSize: true)
    let reader: any LineReader = editor ?? PlainLineReader()
    let shell = Shell(interpreter: interpreter, reader: reader, output: terminal, style: style)
    let page = support?.serving(debugger, port ?? 0, allowingFiles)
    shell.host.pageOpener = page?.opener ?? PageOpener { _ in .failure(DebugError(PageSupport.notLinked)) }
    if port != nil {
      switch await shell.host.openPage(allowingFiles: allowingFiles) {
      case .success(let announcement): output.write(announcement, to: .standardOutput)
      case .failure(let error):
        output.write("error: \(error.message)", to: .standardError)
        return ScriptExitStatus.error.rawValue
      }
    }
    // From the signal's thread, for a store stuck in a synchronous loop holds the main
    // actor: SIGINT pauses it between two actions; SIGTERM and SIGHUP pause it too, so that
    // the shell can leave, and end the process after a grace if it cannot (see `ForcedExit`).
    let pauseRequest = debugger.currentPauseRequest
    let terminationRequested = shell.terminationRequested
    let forcedExit = ForcedExit(savingTerminalOn: STDIN_FILENO)
    let signals = ShellSignals(
      interruptAtOnce: { pauseRequest.raise() },
      interrupt: { [weak shell] in shell?.interruptReceived() },
      terminate: { signal in
        terminationRequested.withLock { $0 = true }
        pauseRequest.raise()
        editor?.requestEnd()
        forcedExit.schedule(status: 128 + signal)
      })
    let status = await shell.run(startup: startup)
    withExtendedLifetime(signals) {}
    await page?.stop()
    return status
  }

  /// `sluice serve` with its input a pipe: the page is served on `port` while the lines run
  /// as `sluice run -` runs them (its address on standard error, so that standard output
  /// stays the run's report), and after they end, until SIGINT or SIGTERM.
  @MainActor
  private static func serveBesideRun(
    _ run: RunScripts, with support: PageSupport, on port: Int, allowingFiles: Bool, registry: FeatureRegistry,
    output: any ScriptOutput, startup: [StartupStep]
  ) async -> Int32 {
    var page: (any PageHosting)?
    let status = await run.execute(registry: registry, output: output, startup: startup) { debugger, runner in
      let host = support.serving(debugger, port, allowingFiles)
      runner.host.pageOpener = host.opener
      switch await runner.host.openPage(allowingFiles: allowingFiles) {
      case .success(let announcement): output.write(announcement, to: .standardError)
      case .failure(let error):
        runner.host.pageOpener = nil
        runner.stop(withError: error.message)
        return
      }
      page = host
    }
    guard let page else { return status.rawValue }
    let (stops, stop) = AsyncStream<Void>.makeStream()
    let signals = ShellSignals(interrupt: { stop.yield() }, terminate: { _ in stop.yield() })
    for await _ in stops { break }
    withExtendedLifetime(signals) {}
    await page.stop()
    return status.rawValue
  }
}
