import SluiceDebugger
import SluiceReporting

/// Wakes the attached client when a session of the agent's debugger has events: one watcher
/// per session for as long as the session is loaded, because a session's signal has a single
/// reader and outlives the clients that come and go (the flight recorder keeps sessions).
@MainActor
final class SessionWatchers {
  private var watchers: [String: (session: ObjectIdentifier, task: Task<Void, Never>)] = [:]
  /// The attached client's inbox, woken for events; `nil` while no client is attached.
  weak var inbox: LineInbox?

  /// Watches every session `debugger` has loaded, and stops watching those it unloaded.
  func watchSessions(of debugger: Debugger) {
    for name in debugger.loadedFeatures {
      guard let session = debugger.session(named: name) else { continue }
      let id = ObjectIdentifier(session)
      guard watchers[name]?.session != id else { continue }
      watchers[name]?.task.cancel()
      let signals = session.inspection.eventsAvailable
      watchers[name] = (id, Task { [weak self] in
        for await _ in signals { self?.inbox?.noteEvents() }
      })
    }
    for name in watchers.keys where debugger.session(named: name) == nil {
      watchers.removeValue(forKey: name)?.task.cancel()
    }
  }
}
