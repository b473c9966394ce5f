import Foundation

/// A session as a trace in the Trace Event Format's JSON object form (`export trace FILE`,
/// `sluice export-trace`), which Perfetto (ui.perfetto.dev) and `chrome://tracing` open:
/// `{"traceEvents":[…],"displayTimeUnit":"ms","otherData":{…}}`.
///
/// Its tracks (see ``SessionFiles/exportTrace(origin:)``): one process for the session, a
/// thread for the store with each reduction a complete event, and a lane of threads for the
/// jobs, each job a complete event joined to the reduction that launched it by a flow arrow;
/// cycle warnings and stops are instant events on the store's track.
public struct ExportedTrace: Sendable, Equatable {
  /// The events, metadata first, then in the order of their tracks.
  public let events: [TraceEvent]
  /// What the trace is of: the feature, where the session came from, its clock.
  public let otherData: [String: String]
  /// How many reductions it shows.
  public let reductionCount: Int
  /// How many jobs it shows.
  public let jobCount: Int

  /// Creates a trace.
  public init(events: [TraceEvent], otherData: [String: String], reductionCount: Int, jobCount: Int) {
    self.events = events
    self.otherData = otherData
    self.reductionCount = reductionCount
    self.jobCount = jobCount
  }

  /// The trace as the JSON a viewer opens: the events' keys in a fixed order, their
  /// arguments sorted, so that a session always gives the same text.
  public func json() -> Data {
    var json = TraceJSON()
    json.raw("{\"traceEvents\":[")
    for (offset, event) in events.enumerated() {
      if offset > 0 { json.raw(",") }
      event.write(to: &json)
    }
    json.raw("],\"displayTimeUnit\":\"ms\",\"otherData\":")
    json.object(otherData)
    json.raw("}")
    return Data(json.bytes)
  }

  /// Writes the trace to `path` atomically, as `save` writes a session.
  package func write(to path: String) throws(DebugError) {
    try AtomicFile.save(Array(json()), to: path, replacing: .anyRegularFile)
  }
}
