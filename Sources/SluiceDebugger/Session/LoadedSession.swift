import Sluice

/// What a client holds of a loaded feature: its ``Session`` and the five capabilities, made
/// once. The parts hold the session and the session holds neither them nor this, so nothing
/// keeps itself alive: a capability a client keeps stays usable after the rest is gone.
@MainActor
final class LoadedSession<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: DebugSession {
  /// The router the capabilities reach.
  let session: Session<State, Action>
  let inspection: any SessionInspection
  let running: any SessionRunning
  let breakpointControl: any SessionBreakpoints
  let timeTravel: any SessionTimeTravel
  let files: any SessionFiles

  init(_ session: Session<State, Action>) {
    self.session = session
    inspection = Inspector(session)
    running = Runner(session)
    breakpointControl = BreakpointEditor(session)
    timeTravel = TimeTraveller(session)
    files = Archivist(session)
  }

  var featureName: String { session.featureName }
}

extension LoadedSession: InterruptibleSession {
  nonisolated var pauseRequest: PauseRequest { session.pauseRequest }

  var onFirstSeenCycle: (@MainActor () -> Void)? {
    get { session.onFirstSeenCycle }
    set { session.onFirstSeenCycle = newValue }
  }
}

extension LoadedSession: CycleFeed {
  func newCycles() -> AsyncStream<CycleReport> { session.newCycles() }
}

extension LoadedSession: DetachableSession {
  func detach(resuming: Bool) { session.detach(resuming: resuming) }
}
