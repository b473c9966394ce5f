import Foundation
import Testing

/// `sluice export-trace SESSION_FILE`: a saved session as a trace in the Trace Event Format.
@Suite struct ExportTraceCommandTests {
  /// The trace's events, parsed.
  static func events(in text: String) throws -> [[String: Any]] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["displayTimeUnit"] as? String == "ms")
    return try #require(object["traceEvents"] as? [[String: Any]])
  }

  @Test func aSavedSessionIsWrittenAsATraceWithItsJobs() async throws {
    let folder = try ScriptFolder()
    let session = folder.url.appendingPathComponent("search.sluice-session").path
    let saved = try await SluiceProcess.run(
      ["run", "--virtual-clock", "-"],
      input: """
        use search
        .queryChanged("a")
        advance 100ms
        .queryChanged("ad")
        advance 500ms
        save \(session)
        """)
    #expect(saved.status == 0, "\(saved.standardError)")

    let trace = folder.url.appendingPathComponent("search.trace.json").path
    let exported = try await SluiceProcess.run(["export-trace", session, "-o", trace])
    #expect(exported.status == 0, "\(exported.standardError)")
    #expect(exported.standardError.contains("exported 4 reductions and 3 jobs as a trace to \(trace)"))
    let events = try Self.events(in: try String(contentsOfFile: trace, encoding: .utf8))
    let jobs = events.filter { $0["cat"] as? String == "job" }
    #expect(jobs.compactMap { ($0["args"] as? [String: Any])?["outcome"] as? String } == ["cancelled", "finished", "finished"])
    #expect(events.filter { $0["ph"] as? String == "s" }.count == 3)
    #expect(events.contains { $0["ph"] as? String == "X" && $0["name"] as? String == "queryChanged" })

    // Without -o, the trace goes to standard output.
    let printed = try await SluiceProcess.run(["export-trace", session])
    #expect(printed.status == 0)
    #expect(try Self.events(in: printed.standardOutput).count == events.count)
  }

  @Test func aFileThatIsNoSessionIsAnErrorNamingIt() async throws {
    let folder = try ScriptFolder()
    let script = folder.url.appendingPathComponent("counter.sluice").path
    try "use counter\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = try await SluiceProcess.run(["export-trace", script])
    #expect(result.status == 2)
    #expect(result.standardError.contains("error: \(script)"))
    #expect(result.standardOutput.isEmpty)
  }
}
