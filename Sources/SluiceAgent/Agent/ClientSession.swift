import SluiceAgentTransport
import SluiceDAP
import SluiceDebugger
import SluiceReporting

/// One attached client's debugging session: the agent's debugger over the program's stores,
/// answering the client's lines with the versioned JSON protocol exactly as
/// `sluice run --json -` answers a pipe (requests `{"id": 1, "command": "…"}` in, events
/// out), and sending the session's events as they happen between commands; or, for an
/// editor's `sluice dap` that attached, answering its Debug Adapter Protocol requests, one
/// per line, with a ``DebugAdapter`` on the program's stores.
@MainActor
final class ClientSession {
  let client: AgentClient
  let debugger: Debugger
  private let inbox = LineInbox()
  /// Answers the client's lines; replaced, before its first line, by one reporting in the
  /// format the client's settings ask for.
  private var requests: RequestLoop
  private let watchers: SessionWatchers
  private var running: Task<Void, Never>?
  /// Whether the client asked that a store it paused stay paused when it goes
  /// (`sluice attach --keep-paused`).
  private(set) var keepsStoresPaused = false
  /// What the client's script is called in the events that place its lines.
  private var scriptName = "<stdin>"
  /// The client's first line, read ahead of the run to learn its settings first.
  private var firstLine: String?
  /// Whether the run began: settings sent later no longer choose its report.
  private var runStarted = false
  /// Wakes the runner when another session becomes current (a page's `use`), and, while the
  /// client asked for the store's status, when the current session changes (jobs ending
  /// change it without any event), so that the client's prompt follows.
  private let watch: CurrentSessionWatch
  /// The browser pages the client opened (`ui`), answered beside its own runner.
  private let pages: OpenPages
  /// The debug adapter answering the client, when it speaks the Debug Adapter Protocol.
  private var adapter: DebugAdapter?

  init(client: AgentClient, debugger: Debugger, watchers: SessionWatchers) {
    self.client = client
    self.debugger = debugger
    self.watchers = watchers
    watchers.inbox = inbox
    pages = OpenPages(debugger: debugger, client: client)
    watch = CurrentSessionWatch(debugger: debugger, waking: inbox)
    requests = RequestLoop(
      runner: ScriptRunner(
        interpreter: CommandInterpreter(debugger: debugger, origin: .user),
        output: LineOutput { [client] in client.send($0) }, format: .json))
  }

  /// Sends `hello` and starts answering; `quit` from the client closes its connection.
  func start(hello: String) {
    client.send(hello)
    running = Task { [weak self, client] in
      // Settings come before the first command; the script's name and its report's format
      // are among them.
      let first = await self?.nextLine()
      self?.firstLine = first
      if let adapter = self?.adapter {
        await self?.serve(adapter)
        self?.inbox.finish()
        client.closeWhenWritten()
        return
      }
      let requests = self?.requests
      self?.runStarted = true
      if first != nil, let requests, let name = self?.scriptName {
        await requests.run(lines: { [weak self] in await self?.takeLine() }, name: name)
      }
      requests?.runner.finish()
      // Lines the client sent after the run stopped (at an error, or `quit`) are dropped, so
      // that the transport can go on to the client's end.
      self?.inbox.finish()
      // The run's summary is the client's last line.
      client.closeWhenWritten()
    }
  }

  /// Answers the editor's requests, one per line, until it disconnects or goes; what the
  /// stores do between them reaches it as events (``nextLine()``).
  private func serve(_ adapter: DebugAdapter) async {
    while let line = await takeLine() {
      send(await adapter.answer(body: Array(line.utf8)))
      if adapter.isFinished { return }
    }
  }

  /// Sends the adapter's messages, one per line; the editor's `sluice dap` numbers them.
  private func send(_ messages: [Outgoing]) {
    for message in messages { client.send(String(decoding: message.body, as: UTF8.self)) }
  }

  /// The line read ahead, then the next ones.
  private func takeLine() async -> String? {
    if let line = firstLine {
      firstLine = nil
      return line
    }
    return await nextLine()
  }

  /// Hands a line the client sent to the runner, and returns once it was taken; a page's
  /// envelope goes to that page instead, at once.
  func deliver(_ line: String) async {
    if PageEnvelope.isEnvelope(line) { return pages.receive(line) }
    await inbox.deliver(line)
  }

  /// The client sent its last line: the run ends after it, and its summary is sent.
  func endInput() {
    inbox.finish()
  }

  /// The client is gone: stops answering (its owner gives the stores back).
  func end() async {
    inbox.finish()
    watch.stop()
    await pages.closeAll()
    await running?.value
  }

  /// The next line for the runner; the session's events are reported while it waits.
  private func nextLine() async -> String? {
    while true {
      // A command may have loaded a session (`use`): its events wake the runner too.
      watchers.watchSessions(of: debugger)
      watch.followChanges(requests.reportsStatus)
      switch await inbox.next() {
      case .line(let line):
        if let settings = ClientSettings(line) {
          // How the client attaches, not a command: `{"attach": {"keepPaused": true}}`.
          keepsStoresPaused = settings.keepsPaused
          if let script = settings.script { scriptName = script }
          if settings.speaksDebugAdapterProtocol, !runStarted, adapter == nil {
            adapter = DebugAdapter(attachingTo: debugger)
          }
          if let format = settings.report, format != .json, !runStarted {
            requests = RequestLoop(
              runner: ScriptRunner(
                interpreter: requests.runner.interpreter, reporter: ForwardedReport(format: format, client: client)))
          }
          requests.reportsStatus = settings.sendsStatus
          requests.reportStatusIfChanged()
          continue
        }
        // A request is typed at an attached shell; a plain line comes from a script.
        requests.runner.interpreter.origin = line.first == "{" ? .user : .script
        return line
      case .end: return nil
      case .events:
        if let adapter {
          send(await adapter.backgroundEvents())
          continue
        }
        requests.reportBackgroundEvents()
        requests.reportStatusIfChanged()
      }
    }
  }
}
