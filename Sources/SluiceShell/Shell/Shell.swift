import Foundation
import SluiceDebugger
import SluiceReporting

/// The interactive shell: reads commands, sends each through the same entry point a remote
/// client uses, and renders the typed events of the JSON protocol it gets back through the
/// script runner's ``SluiceReporting/TextRenderer``, while the stores' background jobs keep
/// running and reporting.
///
/// - After each command it shows the events the command caused: every action reduced, with
///   its diff as `set diff full|summary|off` asks, cycle warnings and stops.
/// - Events that happen between commands (a debounce firing, a payment arriving) are shown
///   as they come, above the line being typed.
/// - An empty line repeats `step` or `next`; Ctrl-C clears the line, or pauses a store
///   that is running when the line is empty or a command is running.
/// - `quit` mentions `save` once when some session's history was never saved.
@MainActor
public final class Shell {
  /// Executes the commands; its debugger holds the sessions.
  public let interpreter: CommandInterpreter
  let reader: any LineReader
  let output: TerminalOutput
  let style: TerminalStyle
  let renderer = TextRenderer()
  let saves = SaveTracker()
  /// Where every command goes: the entry point a client in another process uses too.
  let endpoint: CommandEndpoint
  var parser: CommandParser { endpoint.parser }

  var isRunningCommand = false
  var hasWarnedAboutSaving = false
  var watchedSessions: [String: Task<Void, Never>] = [:]
  var shownPrompt: Prompt?
  /// Whether Ctrl-C interrupted the breakpoints' command lists running.
  var stopCommandsInterrupted = false
  /// Set from a signal's thread on `SIGTERM` or `SIGHUP`: the end of input that follows
  /// leaves without asking about unsaved work.
  package nonisolated let terminationRequested = Locked(false)
  /// What the shell does itself rather than the session: repeating a step on an empty
  /// line, `ui`'s page (served by ``SluiceServe``, which the shell does not depend on;
  /// without an opener, `ui` says where it works), breakpoints' command lists.
  package let host = CommandHost()
  /// The line a running `shrink` rewrites, erased before its answer.
  let progressLine: ProgressLine

  /// Creates a shell.
  ///
  /// - Parameters:
  ///   - interpreter: Executes commands; sends are recorded as the user's.
  ///   - reader: Where lines come from: a ``LibEditLineReader`` on a terminal, a
  ///     ``ScriptedLineReader`` in tests.
  ///   - output: Where everything is written.
  ///   - style: Colors, or none.
  public init(interpreter: CommandInterpreter, reader: any LineReader, output: TerminalOutput, style: TerminalStyle) {
    self.interpreter = interpreter
    self.reader = reader
    self.output = output
    self.style = style
    endpoint = CommandEndpoint(interpreter: interpreter)
    let progressLine = ProgressLine(isTerminal: output.terminalColumns != nil) { output.write($0) }
    self.progressLine = progressLine
    interpreter.shrinkProgress = { progressLine.show($0.line) }
  }

  deinit {
    for task in watchedSessions.values { task.cancel() }
  }

  /// Runs `startup` (init files, `-x` scripts, `-ex` commands), then reads commands until
  /// `quit` or the end of input.
  ///
  /// - Returns: The exit status: 0.
  public func run(startup: [StartupStep] = []) async -> Int32 {
    greet()
    for step in startup {
      switch step {
      case .file(let path):
        await source(path)
      case .initFile(let path):
        await source(path, goingOnAfterErrors: true)
      case .command(let line):
        // Echoed as a script's and an init file's lines are, so the output says what ran.
        write(["> " + line])
        if await handle(line, addingToHistory: false) == .quit { return finish() }
      }
    }
    let input = CommandInput(reader: reader)
    while true {
      watchCurrentSession()
      showBackgroundEvents()
      let prompt = currentPrompt()
      shownPrompt = prompt
      // Asked for, not only passed to the read: a prompt the last read's refresher asked
      // for after that read ended would otherwise win over this newer one.
      reader.updatePrompt(prompt)
      // Jobs end without events to show: redraw the prompt when the store reports any
      // change, so its ▶ goes when the last job ends. It is redrawn first thing, too: a job
      // that ended after the prompt was drawn but before this task began to wait would
      // otherwise leave ▶ up for good. (Both run on the main actor, and nothing suspends
      // between the redraw and the wait, so no change can fall between them.)
      let session = interpreter.debugger.current
      let refresher = Task { [weak self] in
        while !Task.isCancelled, let session {
          self?.refreshPrompt()
          await session.inspection.nextChange()
        }
      }
      let next = await input.next(prompt: prompt, continuation: ShellPrompt.continuation(under: prompt, style: style))
      refresher.cancel()
      switch next {
      case .command(let text):
        if await handle(text) == .quit { return finish() }
      case .interrupted(let discarded):
        interrupted(withEmptyLine: discarded.allSatisfy(\.isWhitespace))
      case .endOfInput:
        // Ctrl-D is `quit`: unsaved work gets one warning, and a second Ctrl-D confirms. A
        // termination asked by a signal asks nothing.
        if terminationRequested.withLock({ $0 }) || quitUnlessUnsaved() == .quit { return finish() }
      case .endedInsideCommand(_, let balance):
        showError("input ended inside an unfinished command (a \(Self.opener(of: balance)) is still open)")
        return finish()
      }
    }
  }

  // MARK: - Commands

  enum Next { case goOn, quit }

  func handle(_ text: String, addingToHistory: Bool = true) async -> Next {
    // The command runs from the moment its line is read, the terminal's Ctrl-C live again:
    // a Ctrl-C before it reaches the store (while the line goes into the history) pauses
    // the store for it, rather than being taken for one that had nothing to stop.
    isRunningCommand = true
    defer { isRunningCommand = false }
    if text.allSatisfy(\.isWhitespace) {
      // gdb's habit: Enter again steps again.
      guard let repeated = host.commandForEmptyLine else { return .goOn }
      return await send(repeated)
    }
    if let problem = CommandTextCheck.problem(in: text) {
      showError(problem)
      return .goOn
    }
    if addingToHistory { await reader.addToHistory(text) }
    // A `commands` list's lines are read here, at the `>` prompt, and sent with it.
    if case .openList(let block, _)? = try? endpoint.read(text) {
      let list = CommandListInput(reader: reader, parser: parser) { [weak self] in self?.write($0) }
      guard let lines = await list.read(after: block) else { return .goOn }
      return await send(([text] + lines + ["end"]).joined(separator: "\n"))
    }
    return await send(text)
  }

  /// Sends `text` through the endpoint and shows the events it answers with; then does what
  /// only the shell does: asks before `quit`, runs `source FILE`, notes a save, and runs the
  /// command lists of the breakpoints that stopped.
  func send(_ text: String) async -> Next {
    let reply = await endpoint.run(text)
    progressLine.clear()
    // The command's own part is over (`handle` marked it running): what follows, `source`
    // and the stop commands, marks itself.
    isRunningCommand = false
    if let command = reply.command {
      host.noteRan(text, as: command)
      if command != .quit { hasWarnedAboutSaving = false }
    } else if reply.failure != nil {
      host.noteRan(text, as: nil)
    }
    write(reply.events().flatMap(renderer.typedLines(for:)))
    switch reply.result {
    case .host(.quit):
      return quitUnlessUnsaved()
    case .host(.openPage(let allowingFiles)):
      switch await host.openPage(allowingFiles: allowingFiles) {
      case .success(let line): write([line])
      case .failure(let error): showError(error.message)
      }
    case .host(.source(let path)):
      await source(path)
    case .host(.setWidth(let columns)):
      write([host.setWidth(columns)])
    case .saved, .loaded:
      if let session = interpreter.debugger.current { saves.noteSaved(session) }
    default:
      break
    }
    return await runStopCommands()
  }

  /// Runs the commands in a file, as a script, reporting like `sluice run` does: it stops at
  /// the first error, unless `goingOnAfterErrors` (an init file), when each failing line is
  /// reported and the rest still runs.
  func source(_ path: String, goingOnAfterErrors: Bool = false) async {
    let origin = interpreter.origin
    interpreter.origin = .script
    defer { interpreter.origin = origin }
    let runner = ScriptRunner(interpreter: interpreter, output: ShellScriptOutput(shell: self), format: .text)
    isRunningCommand = true
    let expanded = (path as NSString).expandingTildeInPath
    if goingOnAfterErrors {
      await runner.run(initFile: expanded)
      runner.finish()
    } else {
      _ = await runner.run(files: [expanded])
    }
    isRunningCommand = false
  }

  /// Runs the command lists of the breakpoints that stopped, each line as if typed, until
  /// none is left: a list that resumes the store (`continue`, `step`, `next`) ends there, as
  /// in gdb, and the lists of the breakpoints it stops at next run after it. Ctrl-C stops
  /// them all.
  func runStopCommands() async -> Next {
    // A line of a list that stops again leaves the new lists to the loop already running,
    // whose Ctrl-C still counts.
    guard !host.isRunningStopCommands else { return .goOn }
    stopCommandsInterrupted = false
    var next = Next.goOn
    await host.runStopCommands(
      taking: interpreter.takeStopCommands, parser: parser, isStopped: { [self] in stopCommandsInterrupted || next == .quit }
    ) { [self] line, _, _ in
      write(["> " + line])
      next = await handle(line, addingToHistory: false)
    }
    return next
  }

  func quitUnlessUnsaved() -> Next {
    let unsaved = saves.unsaved(in: interpreter.debugger)
    guard !unsaved.isEmpty, !hasWarnedAboutSaving else { return .quit }
    hasWarnedAboutSaving = true
    let what = unsaved.map { feature, newActions in
      newActions > 0
        ? "\(feature) (\(newActions) \(newActions == 1 ? "action" : "actions"))"
        : "\(feature) (changed since it was last saved)"
    }
    write([
      "not saved: \(what.joined(separator: ", ")). `save FILE` keeps a session; `quit` again leaves without saving."
    ])
    return .goOn
  }

  /// Ctrl-C: a running store is paused when there was nothing to clear; a cleared line
  /// needs no more.
  func interrupted(withEmptyLine isEmpty: Bool) {
    stopCommandsInterrupted = true
    guard isEmpty, let session = interpreter.debugger.current, session.inspection.status == .running else { return }
    session.running.pause()
    showBackgroundEvents()
  }

  /// `SIGINT` while a command runs (the terminal is not in the editor's hands then): pause
  /// the store, which ends `continue` and `wait` too. The signal's thread raised the current
  /// session's pause request first, which pauses a store stuck in a synchronous loop (this
  /// runs only once it let the main actor go); a request nothing needed is withdrawn here.
  public func interruptReceived() {
    // The terminal echoed `^C` where the cursor was: what follows starts on a line of its own.
    output.write("\n")
    stopCommandsInterrupted = true
    guard let session = interpreter.debugger.current else { return }
    if isRunningCommand || session.inspection.status == .running {
      session.running.pause()
    } else {
      interpreter.debugger.currentPauseRequest.lower()
    }
  }

  func finish() -> Int32 {
    for task in watchedSessions.values { task.cancel() }
    watchedSessions.removeAll()
    return 0
  }
}

/// Lets `source` report through the shell: script lines go to the shell's output, colored.
@MainActor
final class ShellScriptOutput: ScriptOutput {
  private weak var shell: Shell?

  init(shell: Shell) {
    self.shell = shell
  }

  func write(_ line: String, to channel: OutputChannel) {
    shell?.write([line])
  }

  func write(_ line: RenderedLine, to channel: OutputChannel) {
    shell?.write([line])
  }
}
