import SluiceDebugger
import SluiceReporting

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
  private let runner: ScriptRunner
  private let send: @Sendable (String) -> Void
  private var running: Task<Void, Never>?
  /// Wakes the runner when the current session changes, or another becomes current.
  private let watch: CurrentSessionWatch

  /// A page on `debugger`'s current session whose answers go to `send`.
  ///
  /// - Parameter pageAddress: What `ui` typed on the page answers: the page's own address.
  package init(debugger: Debugger, pageAddress: String, send: @escaping @Sendable (String) -> Void) {
    self.debugger = debugger
    self.send = send
    let interpreter = CommandInterpreter(debugger: debugger, origin: .user)
    interpreter.leavesEvents = true
    runner = ScriptRunner(interpreter: interpreter, output: LineOutput(send: send), format: .json)
    runner.pageOpener = PageOpener { .success(pageAddress) }
    watch = CurrentSessionWatch(debugger: debugger, waking: inbox)
  }

  /// Starts answering; ends when the page goes or sends `quit`.
  package func start() {
    running = Task { [weak self, runner] in
      await runner.run(lines: { [weak self] in await self?.nextLine() }, name: "<page>")
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
