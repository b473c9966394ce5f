import Sluice

/// A session's files: save and load, and the descriptions of a test and a trace that export
/// writes. The session hands it out as ``SessionFiles``, made afresh for each use: it holds
/// its session, and nothing else.
@MainActor
final class Archivist<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: SessionPart<State, Action> {}

extension Archivist: SessionFiles {
  var revision: Int { session.revision }
}
