import Sluice

/// A session's breakpoints and watchpoints, as the user sets them (the session checks them
/// on every action). The session hands it out as ``SessionBreakpoints``, made afresh for
/// each use: it holds its session, and nothing else.
@MainActor
final class BreakpointEditor<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: SessionPart<State, Action> {}

extension BreakpointEditor: SessionBreakpoints {
  var breakpoints: [Breakpoint] { breakpointList.all }
}
