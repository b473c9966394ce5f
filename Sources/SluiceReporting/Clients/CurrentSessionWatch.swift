import SluiceDebugger

/// Wakes a runner's inbox when what a client sees of the debugger moves: another session
/// becomes current (`use`, typed anywhere), or, while followed, the current session changes
/// (an action, a jump, a job's end). The runner, waiting for its next line, then tells its
/// client: the attached shell its new status, a page `changed`.
@MainActor
package final class CurrentSessionWatch {
  private let debugger: Debugger
  private weak var inbox: LineInbox?
  private var switches: Task<Void, Never>?
  private var changes: (session: ObjectIdentifier, task: Task<Void, Never>)?

  /// A watch on `debugger` that wakes `inbox`; it starts watching switches at once.
  package init(debugger: Debugger, waking inbox: LineInbox) {
    self.debugger = debugger
    self.inbox = inbox
    switches = Task { [weak debugger, weak inbox] in
      while !Task.isCancelled, let debugger {
        await debugger.nextSwitch()
        inbox?.noteEvents()
      }
    }
  }

  /// Follows the changes of whichever session is current now, or stops following them when
  /// `following` is `false`; called before each wait, so that it follows a `use`.
  package func followChanges(_ following: Bool = true) {
    guard following, let session = debugger.current else {
      changes?.task.cancel()
      changes = nil
      return
    }
    guard changes?.session != ObjectIdentifier(session) else { return }
    changes?.task.cancel()
    changes = (ObjectIdentifier(session), Task { [weak session, weak inbox] in
      while !Task.isCancelled, let session {
        await session.inspection.nextChange()
        inbox?.noteEvents()
      }
    })
  }

  /// Stops watching.
  package func stop() {
    switches?.cancel()
    switches = nil
    followChanges(false)
  }
}
