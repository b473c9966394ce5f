import Sluice

/// One capability a session hands out (``Inspector``, ``Runner``, ``BreakpointEditor``,
/// ``TimeTraveller``, ``Archivist``): the port through which it reaches the session's store
/// and recorder. A part holds its session, never another part; what it changes in the store
/// or the recorder goes through the session's routing (`emit`, `changeOptions`,
/// `changeBreakpoints`), so the session keeps them in step.
@MainActor
protocol SessionPart {
  associatedtype State: Codable & Equatable & Sendable
  associatedtype Action: Codable & Sendable
  /// The session the part belongs to.
  var session: Session<State, Action> { get }
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
