import SluiceAgent
import SluiceDebugger
import SluiceReporting

/// One open page: its requests (`{"id": 1, "command": "log from 1 50"}`) answered with the
/// versioned JSON protocol exactly as `sluice run --json -` answers a pipe, and a `changed`
/// event whenever the session moves on, so that the page asks again for what it shows.
///
/// The page watches the session beside the shell: its interpreter leaves the session's
/// events to the shell (``CommandInterpreter/leavesEvents``), so a `jump` from the page is
/// shown by the shell as it would show one of its own, and the prompt follows it.
@MainActor
final class PageConnection {
  private let debugger: Debugger
  private let inbox = LineInbox()
  private let runner: ScriptRunner
  private let send: @Sendable (String) -> Void
  private var running: Task<Void, Never>?
  /// Wakes the runner when the current session changes; replaced when `use` switches.
  private var changeWatch: (session: ObjectIdentifier, task: Task<Void, Never>)?

  init(debugger: Debugger, pageAddress: String, send: @escaping @Sendable (String) -> Void) {
    self.debugger = debugger
    self.send = send
    let interpreter = CommandInterpreter(debugger: debugger, origin: .user)
    interpreter.leavesEvents = true
    runner = ScriptRunner(interpreter: interpreter, output: PageOutput(send: send), format: .json)
    // `ui` typed into the page's own command line says where the page is.
    runner.pageOpener = PageOpener { .success(pageAddress) }
  }

  /// Starts answering; ends when the page goes or sends `quit`.
  func start() {
    running = Task { [weak self, runner] in
      await runner.run(lines: { [weak self] in await self?.nextLine() }, name: "<page>")
      self?.inbox.finish()
    }
  }

  /// Hands a message the page sent to the runner; returns once it was taken.
  func deliver(_ line: String) async {
    await inbox.deliver(line)
  }

  /// The page is gone: stops answering.
  func end() async {
    inbox.finish()
    changeWatch?.task.cancel()
    changeWatch = nil
    await running?.value
  }

  /// The next request for the runner; a change of the session is told while it waits.
  private func nextLine() async -> String? {
    while true {
      watchChanges()
      switch await inbox.next() {
      case .line(let line): return line
      case .end: return nil
      case .events: send(ProtocolEvent(.changed(.init(of: debugger))).line)
      }
    }
  }

  /// Watches the current session's change signal (not its events, which are the shell's).
  private func watchChanges() {
    guard let session = debugger.current else { return }
    guard changeWatch?.session != ObjectIdentifier(session) else { return }
    changeWatch?.task.cancel()
    changeWatch = (ObjectIdentifier(session), Task { [weak session, weak inbox] in
      while !Task.isCancelled, let session {
        await session.nextChange()
        inbox?.noteEvents()
      }
    })
  }
}
