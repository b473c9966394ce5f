import Sluice

/// What moves a session's store: sending, editing, waiting, virtual time, stepping, pausing
/// and cancelling jobs. The session hands it out as ``SessionRunning``, made afresh for
/// each use: it holds its session, and nothing else.
@MainActor
final class Runner<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: SessionPart<State, Action> {}

extension Runner: SessionRunning {
  func pause() { session.pause() }

  func wait(timeout: Duration?) async -> WaitOutcome {
    await waitUntilSettled(timeout.map(WaitDeadline.fixed))
  }
}
