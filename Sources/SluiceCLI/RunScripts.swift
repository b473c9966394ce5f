import ArgumentParser
import SluiceDebugger
import SluiceReporting
import SluiceScriptOptions
import SluiceShell

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ScriptRunner.Format: ExpressibleByArgument {}

/// `sluice run FILE...`: runs scripts of debugger commands against the registered features.
struct RunScripts: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run scripts of debugger commands, one command per line.",
    discussion: """
      Scripts use the shell's commands (`help` lists them) plus `expect PATH OP VALUE`, \
      `expect PATH changed`, `wait [TIMEOUT]` and `advance DURATION`. Files run one after \
      the other against the same debugger; `-` reads standard input. Relative file names in \
      a script are relative to its folder.

      Exit status: 0 every expectation held, 1 an expectation failed, the cycle detector \
      fired (its chain is broken by default), a job failed or a `wait` ended with work still \
      running (the script goes on after each), 2 bad usage, a line that does not parse or a command that \
      failed (the run stops there).
      """)

  @Argument(help: "Script files to run in order; - reads standard input.")
  var files: [String] = []

  @OptionGroup var featureChoice: FeatureOption<StartingFeature>

  @Flag(help: "Write one JSON object per event per line, for tools (the same as --format json).")
  var json = false

  @Option(
    help: ArgumentHelp(
      "How to report: text (for people), json (the event protocol), junit (JUnit XML, one test case per script) or github (text plus GitHub Actions annotations).",
      valueName: "format"))
  var format: ScriptRunner.Format?

  @Option(
    help: ArgumentHelp(
      "Run the script in a running program, through its Sluice agent: a process id, a socket path or host:port (`sluice attach` lists them).",
      valueName: "target"))
  var attach: String?

  @Option(help: ArgumentHelp("The file holding the agent's token, for --attach host:port.", valueName: "file"))
  var tokenFile: String?

  @OptionGroup var session: SessionFlags

  func validate() throws {
    if attach != nil, files.count != 1 {
      throw ValidationError("--attach runs one script in the program; give one file, or - for standard input")
    }
    guard !files.isEmpty else {
      throw ValidationError("give at least one script file, or - to read standard input")
    }
    if json, let format, format != .json {
      throw ValidationError("--json and --format \(format.rawValue) ask for two formats; give one")
    }
  }

  /// SIGINT: the store pauses between two actions (a synchronous loop included, from the
  /// signal's thread) and the run stops with an error before its next line; a second SIGINT
  /// ends the process, as SIGINT did before (a run waiting for its input, say).
  @MainActor
  private static func stopping(_ runner: ScriptRunner, on debugger: Debugger) -> SignalWatcher {
    let pauseRequest = debugger.currentPauseRequest
    let interruption = runner.interruption
    return SignalWatcher(SIGINT) {
      guard !interruption.isPending else {
        signal(SIGINT, SIG_DFL)
        kill(getpid(), SIGINT)
        return
      }
      interruption.raise()
      pauseRequest.raise()
      Task { @MainActor in
        debugger.current?.running.pause()
        runner.stopIfInterrupted()
      }
    }
  }

  /// The report's format: `--format`, or `--json`, or text.
  var reportFormat: ScriptRunner.Format { format ?? (json ? .json : .text) }

  /// Runs the scripts, after `startup` (what the shell runs before its prompt, when its
  /// input is a pipe); `host` is given the debugger and the runner once the session is in
  /// use, before anything runs (`sluice serve` serves its page then), and may stop the run.
  @MainActor
  func execute(
    registry: FeatureRegistry, output: any ScriptOutput, startup: [StartupStep] = [],
    host: (@MainActor (Debugger, ScriptRunner) async -> Void)? = nil
  ) async -> ScriptExitStatus {
    if let attach { return runAttached(to: attach, output: output) }
    // `-` runs each line as it arrives, so a program can drive sluice through a pipe.
    let input = PlainLineReader()
    func nextInputLine() async -> String? {
      guard case .line(let line) = await input.readLine(prompt: Prompt("")) else { return nil }
      return line
    }
    // The first script may declare what it needs (`# sluice: --virtual-clock`); the command
    // line wins where both say something. On standard input the header is the comment lines
    // before the first command, read before the session starts and then run as read.
    var head: [String] = []
    let declared: ScriptDeclaredOptions
    do {
      if files.first == "-" {
        while head.count < ScriptHeader.lineLimit, let line = await nextInputLine() {
          head.append(line)
          if !ScriptHeader.isHeaderLine(line) { break }
        }
        declared = try ScriptDeclaredOptions.read(header: head.joined(separator: "\n"), of: "<stdin>")
      } else {
        declared = try ScriptDeclaredOptions.read(from: files.first)
      }
    } catch {
      output.write("error: \(error)", to: .standardError)
      return .error
    }
    let flags = session.merged(over: declared.session)
    let feature = featureChoice.feature ?? declared.feature
    // In a script a runaway loop must fail the run, not hang it: the chain is broken.
    var options = flags.options(defaultPolicy: .break)
    // A program reads JSON: `set diff` changes what a terminal would show, never what it reads.
    options.eventsCarryChanges = reportFormat == .json
    let debugger = Debugger(registry: registry, options: options)
    let interpreter = CommandInterpreter(debugger: debugger, origin: .script)
    let runner = ScriptRunner(interpreter: interpreter, output: output, format: reportFormat)
    let interrupts = Self.stopping(runner, on: debugger)
    defer { withExtendedLifetime(interrupts) {} }
    var unread = head[...]
    runner.standardInputLines = {
      if let line = unread.popFirst() { return line }
      return await nextInputLine()
    }
    do {
      if let feature {
        try debugger.use(feature)
      } else {
        _ = try interpreter.session()
      }
    } catch {
      runner.stop(withError: error.message)
      return runner.finish()
    }
    await host?(debugger, runner)
    if runner.isStopped { return runner.finish() }
    for step in startup where !runner.isStopped {
      switch step {
      case .file(let path): await runner.run(file: path)
      case .initFile(let path): await runner.run(initFile: path)
      case .command(let line): await runner.run(ScriptSource(name: "--command", text: line))
      }
    }
    // Under JSON a line may be a request, answered with its id (`{"id": 1, "command": "…"}`).
    guard runner.reporter.answersRequests else { return await runner.run(files: files) }
    return await RequestLoop(runner: runner).run(files: files)
  }
}

extension RunScripts {
  /// Runs the script in the program `target` names: its lines go to the program's agent,
  /// which runs them as `sluice run --json -` would, and its events come back, shown as JSON
  /// unchanged or rendered as text; a JUnit or GitHub report is written by the agent and
  /// comes back line by line. The exit status is the run's.
  @MainActor
  func runAttached(to target: String, output: any ScriptOutput) -> ScriptExitStatus {
    let run = AttachedRun(format: reportFormat, tokenFile: tokenFile) { line, channel in output.write(line, to: channel) }
    do {
      let lines: [String]
      if files[0] == "-" {
        lines = Array(AnyIterator { readLine(strippingNewline: true) })
      } else {
        lines = try ScriptSource(contentsOf: files[0]).lines
      }
      let connection = try run.connect(to: AttachTarget(parsing: target))
      // The events name the script's lines as `sluice run FILE`'s do.
      let name = files[0] == "-" ? "<stdin>" : files[0]
      let report = reportFormat.isReportedByTheAgent ? #","report":"# + JSONValue.string(reportFormat.rawValue).serialized : ""
      try connection.send(#"{"attach":{"script":"# + JSONValue.string(name).serialized + report + "}}")
      return run.runScript(lines, on: connection)
    } catch {
      output.write("error: \(error)", to: .standardError)
      return .error
    }
  }
}
