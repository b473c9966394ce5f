import Foundation
import SluiceDebugger
import SluiceReporting

/// The shell attached to a running program (`sluice attach PID`): the shell's line editing,
/// history, colours and prompt, with every command run by the program's agent on the
/// program's own store.
///
/// It is a client of the JSON protocol, not a second implementation of the commands: each
/// command goes to the agent as a request, and the events that answer it are rendered by
/// the same ``SluiceReporting/TextRenderer`` the shell renders its own answers with, so a
/// command's output is the same attached as hosted. Tab asks the agent to complete
/// (`completions`), so the program's own action cases and state paths are offered; the
/// prompt follows the `status` events the agent sends.
///
/// - What the program's stores do between commands is shown as it happens.
/// - An empty line repeats `step` or `next`; a `commands` list is read at the `>` prompt.
/// - `source FILE` reads the file here, where the shell runs, and sends its lines one by
///   one, echoed, stopping at the first that fails; `save` and `load` name files of the
///   program, which runs them.
/// - `ui` serves the timeline page here, through `host`'s page opener, and prints its address:
///   the page's requests travel to the program's agent over the shell's connection.
/// - Ctrl-C clears the line, or pauses the store when the line is empty and the store runs,
///   or while a command runs.
/// - `quit` or Ctrl-D detaches: the agent gives the program its stores back.
@MainActor
public final class AttachedShell {
  private let output: TerminalOutput
  /// Where a refusal goes, before the shell has started: standard error, as for a command
  /// that fails.
  private let errors: TerminalOutput
  private let style: TerminalStyle
  private let link: any AgentLink
  private let requests: PendingRequests
  private let keepsPaused: Bool
  private let renderer = TextRenderer()
  private let parser = CommandParser()
  /// Answers Tab by asking the program's agent.
  public let completion: any CompletionProvider
  /// What the shell does itself rather than the program: repeating a step on an empty
  /// line, and `ui`'s page (`nil` opener where no host can serve it).
  package let host = CommandHost()

  private var reader: (any LineReader)?
  private var program: String?
  /// How many pages the program's agent answers at once; `nil` for an agent that answers none.
  private var pageLimit: Int?
  private var status: ProtocolEvent.StoreStatus?
  private var shownPrompt: Prompt?
  private var isRunningCommand = false
  /// The requests whose own command was echoed: every later `command` event of a request is
  /// a breakpoint's command list running, echoed as the shell echoes it.
  private var echoedRequests: Set<RequestID> = []
  /// Waiting for the agent's hello, then for its first status.
  private var greeting: CheckedContinuation<Bool, Never>?
  private var isGreeted = false
  private var firstStatus: CheckedContinuation<Void, Never>?
  private var connectionEnded: CheckedContinuation<Void, Never>?

  /// Creates a shell talking to a program's agent through `link`.
  ///
  /// - Parameters:
  ///   - link: Sends the shell's lines to the agent.
  ///   - output: Where everything is written, but a refusal before the program greets.
  ///   - errors: Where that refusal is written (standard error by default).
  ///   - style: Colours, or none.
  ///   - keepsPaused: Whether a store this session leaves paused stays paused when it
  ///     detaches (by default the agent resumes it).
  public init(
    link: any AgentLink, output: TerminalOutput, errors: TerminalOutput = TerminalOutput(fileDescriptor: STDERR_FILENO),
    style: TerminalStyle, keepsPaused: Bool = false
  ) {
    self.link = link
    self.output = output
    self.errors = errors
    self.style = style
    self.keepsPaused = keepsPaused
    requests = PendingRequests(link: link)
    completion = AttachedCompletion(requests: requests)
  }

  /// Greets, runs `startup` (each echoed, as the shell echoes `-ex` commands), then reads
  /// commands from `reader` until `quit`, the end of input, or the program closing the
  /// connection; `lines` are the lines the agent sends, in order.
  ///
  /// - Returns: The exit status: 0 when the user detached, 1 when the program refused the
  ///   shell or closed the connection first.
  public func run(
    reading reader: any LineReader, receiving lines: AsyncStream<String>, startup: [String] = []
  ) async -> Int32 {
    self.reader = reader
    let receiving = Task { [weak self] in
      for await line in lines { self?.receive(line) }
      self?.endOfConnection()
    }
    defer { receiving.cancel() }
    guard await greeted() else {
      await ended()
      return 1
    }
    // The first prompt already shows the store's status: the agent answers this at once.
    requests.tell(#"{"attach":{"status":true,"keepPaused":\#(keepsPaused)}}"#)
    if status == nil, !requests.hasEnded { await withCheckedContinuation { firstStatus = $0 } }
    write([RenderedLine(.plain, style.apply(.dim, to: "`help` lists the commands; Tab completes from the program; Ctrl-C pauses; Ctrl-D detaches"))])
    for line in startup {
      write([RenderedLine(.plain, "> " + line)])
      if await handle(line, addingToHistory: false) == .detach { return await detach() }
    }
    let input = CommandInput(reader: reader)
    while !requests.hasEnded {
      let prompt = currentPrompt()
      shownPrompt = prompt
      reader.updatePrompt(prompt)
      let next = await input.next(prompt: prompt, continuation: ShellPrompt.continuation(under: prompt, style: style))
      guard !requests.hasEnded else { break }
      switch next {
      case .command(let text):
        if await handle(text) == .detach { return await detach() }
      case .interrupted(let discarded):
        if discarded.allSatisfy(\.isWhitespace), status?.sessionStatus == .running { pause() }
      case .endOfInput:
        return await detach()
      case .endedInsideCommand(_, let balance):
        write([renderer.errorLine("input ended inside an unfinished command (a \(Shell.opener(of: balance)) is still open)", column: nil)])
        return await detach()
      }
    }
    write([RenderedLine(.warning, "the program closed the connection")])
    return 1
  }

  /// `SIGINT` while a command runs (the terminal is not in the editor's hands then): pauses
  /// the store, which ends `continue` and `wait` too.
  public func interruptReceived() {
    output.write("\n")
    if isRunningCommand || status?.sessionStatus == .running { pause() }
  }

  // MARK: - Commands

  private enum Next { case goOn, detach }

  private func handle(_ text: String, addingToHistory: Bool = true) async -> Next {
    if text.allSatisfy(\.isWhitespace) {
      guard let repeated = host.commandForEmptyLine else { return .goOn }
      return await send(repeated)
    }
    if let problem = CommandTextCheck.problem(in: text) {
      write([renderer.errorLine(problem, column: nil)])
      return .goOn
    }
    if addingToHistory { await reader?.addToHistory(text) }
    let parsed = try? parser.read(text)
    // What the program cannot do for the shell, the shell does.
    switch parsed.flatMap({ HostCommand($0.command) }) {
    case .quit?:
      return .detach
    case .source(let path)?:
      return await source(ScriptSource(name: path, text: "").resolve(path), depth: 0)
    case .openPage(let allowingFiles)?:
      await openPage(allowingFiles: allowingFiles)
      return .goOn
    case .setWidth(let columns)?:
      write([RenderedLine(.plain, host.setWidth(columns))])
      return .goOn
    case nil:
      break
    }
    if let parsed, case .breakpointCommands = parsed.command, let block = CommandBlock(opening: parsed.command),
      let reader
    {
      let list = CommandListInput(reader: reader, parser: parser) { [weak self] in self?.write($0) }
      guard let lines = await list.read(after: block) else { return .goOn }
      return await send(([text] + lines + ["end"]).joined(separator: "\n"))
    }
    return await send(text, as: parsed?.command)
  }

  /// Sends `text`, typed at the prompt, and notes whether an empty line repeats it.
  private func send(_ text: String, as command: Command? = nil) async -> Next {
    host.noteRan(text, as: command ?? (try? parser.read(text))?.command)
    _ = await request(text)
    return .goOn
  }

  /// Sends `text` as a request and waits for its `completed`, showing its events as they
  /// arrive: whether the command succeeded, `nil` when the connection ended first.
  private func request(_ text: String) async -> Bool? {
    let id = requests.nextID()
    isRunningCommand = true
    defer { isRunningCommand = false }
    let answer = await requests.ask(RequestLine.command(text, id: id), id: id, answeredBy: "completed")
    echoedRequests.remove(id)
    guard case .completed(let completed)? = answer?.payload else { return nil }
    return !completed.failed
  }

  /// Sends the lines of the script at `path`, read here, each echoed as the shell's `source`
  /// echoes it, a `commands` list whole; stops at the first line that fails.
  private func source(_ path: String, depth: Int) async -> Next {
    let script: ScriptSource
    do throws(DebugError) {
      guard depth < ScriptRunner.maximumSourceDepth else {
        throw DebugError("scripts nested more than \(ScriptRunner.maximumSourceDepth) deep")
      }
      script = try ScriptSource(contentsOf: path)
    } catch {
      write([renderer.errorLine(error.message, column: nil)])
      return .goOn
    }
    // A `commands` list being gathered: a request carries it whole.
    var list: OpenCommandList?
    for (offset, line) in script.lines.enumerated() {
      let number = offset + 1
      if var open = list {
        // A line the list refuses is sent with it all the same: the program says what is wrong.
        let ended: Bool
        do { ended = try open.add(line, parser: parser) != nil } catch { ended = true }
        list = ended ? nil : open
        if ended, !(await sendScriptLine(open.requestText, at: open.location.line, of: script)) { return .goOn }
        continue
      }
      let parsed: ParsedCommand?
      do {
        parsed = try parser.read(line)
      } catch {
        // Sent all the same: the program says what is wrong, and the script stops there.
        _ = await sendScriptLine(line, at: number, of: script)
        return .goOn
      }
      guard let parsed else { continue }  // a blank line or a comment
      switch HostCommand(parsed.command) {
      case .quit?:
        return .detach
      case .source(let nested)?:
        write([RenderedLine(.plain, "> " + line)])
        if await source(script.resolve(nested), depth: depth + 1) == .detach { return .detach }
      case .setWidth(let columns)?:
        write([RenderedLine(.plain, "> " + line), RenderedLine(.plain, host.setWidth(columns))])
      case .openPage?, nil:
        if let opened = OpenCommandList(opening: parsed, text: line, at: ScriptLocation(file: script.name, line: number)) {
          list = opened
        } else if !(await sendScriptLine(line, at: number, of: script)) {
          return .goOn
        }
      }
    }
    if let open = list { _ = await sendScriptLine(open.requestText, at: open.location.line, of: script) }
    return .goOn
  }

  /// Echoes and sends one command of a sourced script; `false` when it failed, which
  /// stops the script.
  private func sendScriptLine(_ text: String, at line: Int, of script: ScriptSource) async -> Bool {
    write([RenderedLine(.plain, "> " + text)])
    guard let succeeded = await request(text) else { return false }
    if !succeeded { write([RenderedLine(.error, "\(script.name):\(line): the script stopped here")]) }
    return succeeded
  }

  /// `ui`: serves the page, answered by the program's agent, and prints its address;
  /// `allowingFiles`: the agent lets its pages read and write files (`ui --allow-files`).
  private func openPage(allowingFiles: Bool) async {
    guard pageLimit != nil else {
      return write([renderer.errorLine(
        "the program's agent is older than this `sluice` and answers no page; rebuild the program with this Sluice",
        column: nil)])
    }
    switch await host.openPage(allowingFiles: allowingFiles) {
    case .success(let line): write([RenderedLine(.plain, line)])
    case .failure(let error): write([renderer.errorLine(error.message, column: nil)])
    }
  }

  private func pause() {
    requests.tell(RequestLine.command("pause", id: requests.nextID("interrupt")))
  }

  /// Ends the session: the agent answers what it has, gives the stores back and closes.
  private func detach() async -> Int32 {
    link.finishSending()
    await ended()
    return 0
  }

  // MARK: - What the agent sends

  private func receive(_ line: String) {
    guard let event = try? JSONDecoder().decode(ProtocolEvent.self, from: Data(line.utf8)) else {
      write([RenderedLine(.warning, "the program sent a line that is no event: \(line.prefix(200))")])
      return
    }
    if requests.deliver(event) { return }
    switch event.payload {
    case .hello(let hello):
      program = hello.program
      pageLimit = hello.pages
      write([RenderedLine(.plain, style.apply(.dim, to: hello.message))])
      isGreeted = true
      greeting?.resume(returning: true)
      greeting = nil
    case .status(let status):
      self.status = status
      firstStatus?.resume()
      firstStatus = nil
      refreshPrompt()
    case .command(let echo):
      // The request's own command is what was typed; a list's lines are echoed.
      if let id = event.id, echoedRequests.insert(id).inserted { return }
      write([RenderedLine(.plain, "> " + echo.text)])
    case .completed, .finished, .completions:
      break
    case .error(let error) where event.id != nil:
      // A typed command has no file or line, only the column, as in the shell.
      write([renderer.errorLine(error.message, column: error.column)])
    case .error where !isGreeted:
      // Refused before the shell started (another debugger is attached): a failure of the
      // command, said where failures go.
      errors.write(
        renderer.typedLines(for: event), in: isatty(errors.fileDescriptor) == 1 ? style : TerminalStyle(usesColor: false),
        width: .unlimited)
    default:
      write(renderer.typedLines(for: event))
    }
  }

  private func endOfConnection() {
    requests.end()
    greeting?.resume(returning: false)
    greeting = nil
    firstStatus?.resume()
    firstStatus = nil
    connectionEnded?.resume()
    connectionEnded = nil
    reader?.requestEnd()
  }

  /// Waits for the agent's hello; `false` when the connection ended without one (refused).
  private func greeted() async -> Bool {
    if isGreeted { return true }
    if requests.hasEnded { return false }
    return await withCheckedContinuation { greeting = $0 }
  }

  /// Waits for the connection to end.
  private func ended() async {
    if requests.hasEnded { return }
    await withCheckedContinuation { connectionEnded = $0 }
  }

  // MARK: - Output

  private func currentPrompt() -> Prompt {
    ShellPrompt.main(for: status, attachedTo: program, style: style)
  }

  private func refreshPrompt() {
    let prompt = currentPrompt()
    guard prompt != shownPrompt else { return }
    shownPrompt = prompt
    reader?.updatePrompt(prompt)
  }

  private func write(_ lines: [RenderedLine]) {
    output.write(lines, in: style, width: host.width)
  }
}
