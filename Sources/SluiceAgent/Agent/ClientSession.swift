import SluiceDebugger
import SluiceReporting

/// One attached client's debugging session: the agent's debugger over the program's stores,
/// answering the client's lines with the versioned JSON protocol exactly as
/// `sluice run --json -` answers a pipe (requests `{"id": 1, "command": "…"}` in, events
/// out), and sending the session's events as they happen between commands.
@MainActor
final class ClientSession {
  let client: AgentClient
  let debugger: Debugger
  private let inbox = LineInbox()
  private let runner: ScriptRunner
  private let watchers: SessionWatchers
  private var running: Task<Void, Never>?
  /// Whether the client asked that a store it paused stay paused when it goes
  /// (`sluice attach --keep-paused`).
  private(set) var keepsStoresPaused = false

  init(client: AgentClient, debugger: Debugger, watchers: SessionWatchers) {
    self.client = client
    self.debugger = debugger
    self.watchers = watchers
    watchers.inbox = inbox
    runner = ScriptRunner(
      interpreter: CommandInterpreter(debugger: debugger, origin: .user), output: ClientOutput(client: client),
      format: .json)
    runner.standardInputLines = { [weak self] in await self?.nextLine() }
  }

  /// Sends `hello` and starts answering; `quit` from the client closes its connection.
  func start(hello: String) {
    client.send(hello)
    running = Task { [runner, client] in
      _ = await runner.run(files: ["-"])
      // The run's summary is the client's last line.
      client.closeWhenWritten()
    }
  }

  /// Hands a line the client sent to the runner; returns once it was taken.
  func deliver(_ line: String) async {
    await inbox.deliver(line)
  }

  /// The client sent its last line: the run ends after it, and its summary is sent.
  func endInput() {
    inbox.finish()
  }

  /// The client is gone: stops answering (its owner gives the stores back).
  func end() async {
    inbox.finish()
    await running?.value
  }

  /// The next line for the runner; the session's events are reported while it waits.
  private func nextLine() async -> String? {
    while true {
      // A command may have loaded a session (`use`): its events wake the runner too.
      watchers.watchSessions(of: debugger)
      switch await inbox.next() {
      case .line(let line) where ClientSettings(line) != nil:
        // How the client attaches, not a command: `{"attach": {"keepPaused": true}}`.
        keepsStoresPaused = ClientSettings(line)?.keepsPaused ?? false
      case .line(let line):
        // A request is typed at an attached shell; a plain line comes from a script.
        runner.interpreter.origin = line.first == "{" ? .user : .script
        return line
      case .end: return nil
      case .events: runner.reportBackgroundEvents()
      }
    }
  }
}
