import Foundation
import Sluice
import SluiceDebugger
import SluiceReporting
import Testing

@Suite("JSON event writer")
struct JSONEventWriterTests {
  let writer = JSONEventWriter()
  typealias Fixtures = RenderingFixtures

  private func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
  }

  @Test func reducedActionsNameWhatChanged() throws {
    let line = writer.line(for: .reduced(Fixtures.record(origin: .script), diff: Fixtures.countDiff))
    #expect(line.hasPrefix(#"{"event":"reduced","version":1,"index":3,"action":".add(title: \"Milk\")","#))
    #expect(!line.contains("\n"))
    let json = try object(line)
    #expect(json["origin"] as? String == "script")
    #expect(json["changed"] as? [String] == ["count"])
    #expect((json["diff"] as? [String])?.contains("+   count: 2,") == true)
  }

  @Test func anyTextMakesValidJSON() throws {
    let nasty = "quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} emoji 🧪 slash /"
    let line = JSONValue.object([("event", .string("x")), (nasty, .string(nasty))]).serialized
    #expect(!line.contains("\n"))
    let json = try object(line)
    #expect(json[nasty] as? String == nasty)
    #expect(JSONValue.number(.nan).serialized == "null")
    #expect(JSONValue.array([.integer(1), .boolean(false), .null, .number(1.5)]).serialized == "[1,false,null,1.5]")
  }

  @Test func stopsCyclesAndErrors() throws {
    let stop = try object(writer.line(for: .stopped(.breakpoint(id: 1, action: ".checkout"))))
    #expect(stop["event"] as? String == "stopped")
    #expect(stop["reason"] as? String == "breakpoint")
    #expect(stop["breakpoint"] as? Int == 1)
    let cycle = try object(writer.line(for: .cycleDetected(Fixtures.report())))
    #expect(cycle["event"] as? String == "cycle")
    #expect(cycle["count"] as? Int == 21)
    #expect(cycle["cycle"] as? [String] == [".ping", ".pong", ".ping"])
    let error = try object(
      writer.line(forError: "unknown command", at: ScriptLocation(file: "a.sluice", line: 2, column: 5)))
    #expect(error["event"] as? String == "error")
    #expect(error["column"] as? Int == 5)
    let job = try object(writer.line(for: .jobFailed(Fixtures.job(status: .failed("Offline")))))
    #expect(job["error"] as? String == "Offline")
  }

  @Test func windowsOfFilteredListingsSayWhereTheyLie() throws {
    let log = try object(
      try #require(
        writer.line(
          for: .history([Fixtures.record()], window: WindowPosition(offset: 40, total: 120)),
          command: "log case add from 50 1", at: nil)))
    #expect(log["event"] as? String == "logEntries")
    let logWindow = try #require(log["window"] as? [String: Any])
    #expect(logWindow["offset"] as? Int == 40)
    #expect(logWindow["total"] as? Int == 120)
    #expect((log["lines"] as? [String])?.last == "match 41 of 120")
    // The unfiltered forms leave it out: their indexes say where they are.
    let unfiltered = try object(try #require(writer.line(for: .history([Fixtures.record()]), command: "log", at: nil)))
    #expect(unfiltered["window"] == nil)
    let spans = try object(
      try #require(writer.line(for: .jobSpans([], window: WindowPosition(offset: 3, total: 3)), command: "jobs --all from 9", at: nil)))
    #expect(spans["event"] as? String == "jobSpans")
    #expect((spans["window"] as? [String: Any])?["total"] as? Int == 3)
    #expect(spans["lines"] as? [String] == ["none of the 3 jobs is in this window"])
  }

  @Test func expectationsCarryTheirPlace() throws {
    let outcome = ExpectationOutcome(expression: "count == 3", passed: false, expected: "3", actual: "2")
    let json = try object(writer.line(for: outcome, at: ScriptLocation(file: "a.sluice", line: 9)))
    #expect(json["event"] as? String == "expectation")
    #expect(json["file"] as? String == "a.sluice")
    #expect(json["line"] as? Int == 9)
    #expect(json["passed"] as? Bool == false)
    #expect(json["expected"] as? String == "3")
    #expect(json["actual"] as? String == "2")
  }

  @Test func resultsAreObjectsWithTheirLines() throws {
    #expect(writer.line(for: .done, command: "send", at: nil) == nil)
    let waited = try object(
      try #require(writer.line(for: .waited(.timedOut(jobs: ["search"]), timeout: .seconds(1)), command: "wait", at: nil)))
    #expect(waited["event"] as? String == "waited")
    #expect(waited["command"] as? String == "wait")
    #expect(waited["outcome"] as? String == "timedOut")
    #expect(waited["jobs"] as? [String] == ["search"])
    let output = try object(try #require(writer.line(for: .message(["hello"]), command: "set", at: nil)))
    #expect(output["event"] as? String == "output")
    #expect(output["lines"] as? [String] == ["hello"])
    let summary = try object(writer.summaryLine(status: 1, expectations: 4, failed: 1))
    #expect(summary["event"] as? String == "finished")
    #expect(summary["status"] as? Int == 1)
  }
}
