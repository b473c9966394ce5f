import Sluice

/// Moves a session through its history: jump, step back, toggle, reset and commit. The
/// session hands it out as ``SessionTimeTravel``, made afresh for each use: it holds its
/// session, and nothing else.
@MainActor
final class TimeTraveller<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: SessionPart<State, Action> {}

extension TimeTraveller: SessionTimeTravel {}
