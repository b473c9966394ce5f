import Sluice
import Testing

extension TestStore {
  /// Cancels the running jobs named `name` (an effect's or middleware's name, as the
  /// debugger's `jobs` lists it) and waits until they have ended: what the debugger's
  /// `cancel NAME` does in a session, and how a test exported from one replays it.
  ///
  /// ```swift
  /// await store.cancelJobs(named: "load todos")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The jobs' name.
  ///   - sourceLocation: Where an issue is recorded when no running job has that name.
  public func cancelJobs(named name: String, sourceLocation: SourceLocation = #_sourceLocation) async {
    let chosen = store.jobs.filter { $0.name == name && $0.status != .cancelled }
    guard !chosen.isEmpty else {
      let running = store.jobs.map { "'\($0.name)'" }.joined(separator: ", ")
      let others = running.isEmpty ? "no job is running" : "running: \(running)"
      Issue.record("No running job is named '\(name)'; \(others).", sourceLocation: sourceLocation)
      return
    }
    for job in chosen { store.cancel(job.id) }
    let store = store
    let ids = Set(chosen.map(\.id))
    _ = await recorder.wait(until: { !store.jobs.contains { ids.contains($0.id) } }, timeout: timeout)
  }
}
