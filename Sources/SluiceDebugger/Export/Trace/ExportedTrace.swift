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

  private struct Document: Encodable {
    let traceEvents: [TraceEvent]
    let displayTimeUnit = "ms"
    let otherData: [String: String]
  }

  /// The trace as the JSON a viewer opens.
  ///
  /// - Throws: When a value cannot be written as JSON (none that a trace holds).
  public func json() throws(DebugError) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return try encoder.encode(Document(traceEvents: events, otherData: otherData))
    } catch {
      throw DebugError("cannot write the trace as JSON: \(error)")
    }
  }

  /// Writes the trace to `path` atomically, as `save` writes a session.
  package func write(to path: String) throws(DebugError) {
    try AtomicFile.save(Array(try json()), to: path)
  }
}
