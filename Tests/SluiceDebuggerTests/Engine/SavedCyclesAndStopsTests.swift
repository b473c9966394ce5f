import ExampleRegistry
import Foundation
import JSONCheck
import Sluice
import SluiceDebugger
import Testing
import SluiceReporting

/// Session files keep the cycle warnings and the stops, so `info cycles` and the trace of a
/// loaded session have what the live one had; like job spans, they go with the entries the
/// history lets go.
@MainActor
@Suite struct SavedCyclesAndStopsTests {
  /// Pingpong's loop trips the detector, which warns; a breakpoint stops before `.stop`.
  static let lines = [
    "set cycle policy warn", "break stop", ".ping", "advance 1s", ".stop", "delete", "continue", "advance 50ms",
  ]

  private func pingpong() async throws -> InterpreterHarness {
    let harness = try InterpreterHarness(feature: "pingpong")
    for line in Self.lines { try await harness.result(line) }
    return harness
  }

  private func cycles(_ harness: InterpreterHarness, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> [CycleReport]
  {
    guard case .cycles(let reports) = try await harness.result("info cycles", sourceLocation: sourceLocation) else {
      Issue.record("info cycles did not answer with cycles", sourceLocation: sourceLocation)
      return []
    }
    return reports
  }

  /// The instant events of the trace exported to `path`, without their timestamps: a load
  /// measures the reducer again, so the slices the instants sit on may be longer or shorter.
  private func instants(ofTraceAt path: String) throws -> [JSONTree] {
    let trace = try JSONTree(parsing: try String(contentsOfFile: path, encoding: .utf8))
    #expect(try JSONSchemaCheck(contentsOf: ExportTraceTests.schemaFile).problems(of: trace) == [])
    #expect(try TraceEvents(trace).problems() == [])
    return TraceEvents(trace).all.filter { $0["ph"] == .string("i") }.map { event in
      guard case .object(var fields) = event else { return event }
      fields["ts"] = nil
      return .object(fields)
    }
  }

  @Test func theTraceOfASavedSessionHasTheLiveOnesCycleWarningsAndStops() async throws {
    let folder = try TemporaryFolder()
    let session = folder.url.appendingPathComponent("pingpong.sluice-session").path
    let live = folder.url.appendingPathComponent("live.trace.json").path
    let harness = try await pingpong()
    try await harness.result("save \(session)")
    try await harness.result("export trace \(live)")

    let debugger = Debugger(registry: exampleFeatures, options: .forTests(usesVirtualClock: true))
    let fromFile = folder.url.appendingPathComponent("file.trace.json").path
    try ExportedTrace(try debugger.describeTrace(fromSessionFile: session)).write(to: fromFile)

    let liveInstants = try instants(ofTraceAt: live)
    #expect(liveInstants.map { $0["cat"] } == [.string("cycle"), .string("stop")])
    #expect(liveInstants.last?["name"] == .string("breakpoint 1 before .stop"))
    #expect(try instants(ofTraceAt: fromFile) == liveInstants)
  }

  @Test func infoCyclesAfterALoadIsWhatItWasWhenSaved() async throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("pingpong.sluice-session").path
    let harness = try await pingpong()
    let saved = try await cycles(harness)
    #expect(saved.map(\.warning.cycleDescription) == [".ping → .pong → .ping"])
    try await harness.result("save \(path)")
    try await harness.result("reset")
    #expect(try await cycles(harness).isEmpty, "reset forgets the cycles with the history")
    try await harness.result("load \(path)")
    #expect(try await cycles(harness) == saved)

    // A file written before cycles and stops were kept loads with none.
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect((object["cycleWarnings"] as? [Any])?.count == 1)
    #expect((object["stops"] as? [Any])?.count == 1)
    object["cycleWarnings"] = nil
    object["stops"] = nil
    let older = folder.url.appendingPathComponent("older.sluice-session").path
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: older))
    try await harness.result("load \(older)")
    #expect(try await cycles(harness).isEmpty)
    let trace = folder.url.appendingPathComponent("older.trace.json").path
    try await harness.result("export trace \(trace)")
    #expect(try instants(ofTraceAt: trace).isEmpty)
  }

  @Test func aDamagedCycleWarningOrStopIsAnErrorNamingTheFileThePartAndTheIndex() async throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("pingpong.sluice-session").path
    let harness = try await pingpong()
    try await harness.result("save \(path)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let damaged: [(from: String, to: String, place: String, problem: String)] = [
      (#""policy":"warn""#, #""policy":"shout""#, "cycle warning 1 (.ping → .pong → .ping)", "has policy 'shout'"),
      (#""signal":"frequency""#, #""signal":"depth""#, "cycle warning 1", "is a depth warning without a depth"),
      (#""seen":"#, #""seen":-"#, "cycle warning 1", "a warning is seen at least once"),
      (#""origin":"tool""#, #""origin":"elsewhere""#, "cycle warning 1", "of origin 'elsewhere'"),
      (#""afterIndex":"#, #""afterIndex":-"#, "stop 1 ('breakpoint 1 before .stop')", "entries are numbered from 1"),
      (#""title":"breakpoint 1 before .stop""#, #""title":"""#, "stop 1", "has no title"),
    ]
    for (from, to, place, problem) in damaged {
      let range = try #require(text.range(of: from), "no \(from) in the file")
      let bad = folder.url.appendingPathComponent("bad.sluice-session").path
      try text.replacingCharacters(in: range, with: to).write(toFile: bad, atomically: true, encoding: .utf8)
      let error = try await harness.error("load \(bad)")
      #expect(error.message.hasPrefix("\(bad): \(place)"), "\(error.message)")
      #expect(error.message.contains(problem), "\(error.message)")
    }
    // The session is left as it was.
    #expect(try await cycles(harness).count == 1)
  }

  @Test func cyclesAndStopsStayThroughTimeTravelAndGoWithTheFoldedHistory() async throws {
    let folder = try TemporaryFolder()
    let harness = try await pingpong()
    let before = try await cycles(harness)
    try await harness.result("jump 1")
    #expect(try await cycles(harness) == before)
    // A fork: the hops after entry 1 go, what happened stays.
    try await harness.result("set history limit 1")
    try await harness.result("advance 1s")
    for _ in 0..<40 { try await harness.result(".stop") }
    #expect(try await cycles(harness).isEmpty)
    let trace = folder.url.appendingPathComponent("folded.trace.json").path
    try await harness.result("export trace \(trace)")
    #expect(try instants(ofTraceAt: trace).isEmpty)
  }
}
