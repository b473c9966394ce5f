import Sluice

/// The base of every capability a session hands out (``Inspector``, ``Runner``,
/// ``BreakpointEditor``, ``TimeTraveller``, ``Archivist``): the port through which a part
/// reaches the session's store and recorder. A part holds its session, never another part;
/// what it changes in the store or the recorder goes through the session's routing (`emit`,
/// `changeOptions`, `changeBreakpoints`), so the session keeps them in step. A class, not a
/// protocol: a protocol extension's members would look up the part's witness table on every
/// call, which benchmark 6 (a script line) showed.
@MainActor
class SessionPart<State: Codable & Equatable & Sendable, Action: Codable & Sendable> {
  /// The session the part belongs to.
  final let session: Session<State, Action>

  init(_ session: Session<State, Action>) {
    self.session = session
  }
}

extension SessionPart {
  var store: Store<State, Action> { session.store }
  var recorder: Recorder<State, Action> { session.recorder }
  var history: History<State, Action> { session.history }
  var timeline: Timeline<State, Action> { session.timeline }
  var options: SessionOptions { session.options }
  var redaction: Redaction { session.redaction }
  var describer: EntryDescriber<Action> { session.describer }
  var breakpointList: BreakpointList { session.breakpointList }
  var manualClock: ManualClock? { session.manualClock }
  var featureName: String { session.featureName }
  var elapsedTime: Duration { session.elapsedTime }
  var jobSpans: [JobSpan] { session.jobSpans }

  func emit(_ event: DebugEvent) { session.emit(event) }
}
