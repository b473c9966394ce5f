import SluiceDebugger

/// One open page beside a shell: its requests (`{"id": 1, "command": "log from 1 50"}`)
/// answered with the versioned JSON protocol exactly as `sluice run --json -` answers a pipe,
/// and a `changed` event whenever the session moves on or another becomes current (`use`),
/// so that the page asks again for what it shows.
///
/// The page watches the session beside the shell: its interpreter leaves the session's
/// events to the shell (``CommandInterpreter/leavesEvents``), so a `jump` from the page is
/// shown by the shell as it would show one of its own, and the prompt follows it. The same
/// page is served by `sluice serve` on the shell's own debugger, and by a program's agent on
/// its debugger for `sluice attach`.
@MainActor
package final class PageConnection {
  private let debugger: Debugger
  private let inbox = LineInbox()
  private let requests: RequestLoop
  private let send: @Sendable (String) -> Void
  private var running: Task<Void, Never>?
  /// Wakes the runner when the current session changes, or another becomes current.
  private let watch: CurrentSessionWatch

  /// A page on `debugger`'s current session whose answers go to `send`.
  ///
  /// - Parameters:
  ///   - pageAddress: What `ui` typed on the page answers: the page's own address.
  ///   - allowsFiles: Whether the page may run the commands that read or write files, as
  ///     the user asked at their terminal (`ui --allow-files`). Without it, the page's
  ///     commands are read with ``CommandTable/refusingFiles(_:)``: a page of another site
  ///     that got in could otherwise write any file the user (or the program) may.
  package init(
    debugger: Debugger, pageAddress: String, allowsFiles: Bool = false, send: @escaping @Sendable (String) -> Void
  ) {
    self.debugger = debugger
    self.send = send
    let table = allowsFiles ? CommandTable.standard : CommandTable.standard.refusingFiles(Self.filesRefusal)
    let interpreter = CommandInterpreter(debugger: debugger, origin: .user, table: table)
    interpreter.leavesEvents = true
    let runner = ScriptRunner(interpreter: interpreter, output: LineOutput(send: send), format: .json)
    requests = RequestLoop(runner: runner)
    runner.host.pageOpener = PageOpener { allowingFiles in
      guard !allowingFiles else { return .failure(DebugError(Self.selfAllowance)) }
      return .success(pageAddress)
    }
    watch = CurrentSessionWatch(debugger: debugger, waking: inbox)
  }

  /// A page's `pause` raises the current session's pause request at once, on the socket's
  /// thread: a store stuck in a synchronous loop holds the main actor, where the command
  /// waits its turn. The command itself still runs, and answers.
  package nonisolated func notice(_ line: String) {
    if PauseLine.asksToPause(line) { debugger.currentPauseRequest.raise() }
  }

  /// What a page is told when it uses a command that reads or writes a file.
  package nonisolated static func filesRefusal(_ name: String) -> String {
    "`\(name)` reads or writes files, which a browser's page may not: type `ui --allow-files` at the sluice prompt "
      + "(or start `sluice serve --allow-files`) to let pages opened after it"
  }

  /// What a page is told when it asks for files itself.
  nonisolated static let selfAllowance =
    "a page cannot allow itself files: type `ui --allow-files` at the sluice prompt, on the terminal"

  /// Starts answering; ends when the page goes or sends `quit`.
  package func start() {
    running = Task { [weak self, requests] in
      await requests.run(lines: { [weak self] in await self?.nextLine() }, name: "<page>")
      self?.inbox.finish()
    }
  }

  /// Hands a message the page sent to the runner; returns once it was taken.
  package func deliver(_ line: String) async {
    await inbox.deliver(line)
  }

  /// The page is gone: stops answering.
  package func end() async {
    inbox.finish()
    watch.stop()
    await running?.value
  }

  /// The next request for the runner; a change of the session is told while it waits.
  private func nextLine() async -> String? {
    while true {
      watch.followChanges()
      switch await inbox.next() {
      case .line(let line): return line
      case .end: return nil
      case .events: send(ProtocolEvent(.changed(.init(of: debugger))).line)
      }
    }
  }
}
