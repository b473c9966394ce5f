import SluiceDebugger
import SluiceReporting

/// Events the stores report between commands: a debounce firing, a payment arriving.
extension Shell {
  /// Shows events whenever a session reports some between commands.
  func watchCurrentSession() {
    guard let session = interpreter.debugger.current, watchedSessions[session.featureName] == nil else { return }
    // A loop that never leaves `send` never lets the command end: its warning is shown as
    // the detector finds it, not after a Ctrl-C.
    (session as? any InterruptibleSession)?.onFirstSeenCycle = { [weak self, weak session] in
      guard let self, let session else { return }
      self.showCycleAtOnce(in: session)
    }
    let signals = session.inspection.eventsAvailable
    watchedSessions[session.featureName] = Task { [weak self] in
      for await _ in signals {
        guard let self else { return }
        self.showBackgroundEvents()
      }
    }
  }

  /// Shows the events every session has waiting, unless a command is running (its
  /// outcome will carry them); others than the current one are marked with their name. A
  /// loop running under `warn` shows its count of repeats once, when it stops running.
  func showBackgroundEvents() {
    guard !isRunningCommand else { return }
    let debugger = interpreter.debugger
    for name in debugger.loadedFeatures {
      guard let session = debugger.session(named: name) else { continue }
      let events = session.inspection.takeBackgroundEvents()
      guard !events.isEmpty else { continue }
      let isCurrent = session === debugger.current
      show(events, from: isCurrent ? nil : name)
    }
    refreshPrompt()
    // A breakpoint with commands stopped in the background (a debounce firing): its list
    // runs now, not after the next command typed.
    guard !host.isRunningStopCommands else { return }
    let stopped = interpreter.takeStopCommands()
    guard !stopped.isEmpty else { return }
    host.hold(stopped)
    Task { [weak self] in _ = await self?.runStopCommands() }
  }

  /// Shows what `session` has to show up to a cycle found just now, even while a command
  /// runs: the command may be the loop's `send`, which ends only when the loop is paused.
  /// Repeats of the cycle still wait, to be counted once when it stops.
  func showCycleAtOnce(in session: any DebugSession) {
    guard isRunningCommand else { return showBackgroundEvents() }
    let events = session.inspection.takeBackgroundEvents()
    guard !events.isEmpty else { return }
    show(events, from: session === interpreter.debugger.current ? nil : session.featureName)
  }

  /// Shows the prompt anew when the store's status changed since it was drawn.
  func refreshPrompt() {
    let prompt = currentPrompt()
    guard prompt != shownPrompt else { return }
    shownPrompt = prompt
    reader.updatePrompt(prompt)
  }

  /// Shows events that arrived between commands, as a client receives them.
  func show(_ events: [DebugEvent], from feature: String? = nil) {
    let lines = endpoint.events(events).flatMap(renderer.typedLines(for:))
    write(feature.map { name in lines.map { RenderedLine($0.kind, "[\(name)] " + $0.text) } } ?? lines)
  }
}
