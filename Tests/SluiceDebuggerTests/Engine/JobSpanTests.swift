import Foundation
import Sluice
import SluiceDebugger
import Testing

/// Job spans: every job the session saw, from launch to end on the session's clock, with
/// the entry that launched it (`jobs --all`), kept through time travel and in session files.
@MainActor
@Suite struct JobSpanTests {
  /// A search typed in two keystrokes 100 ms apart: the first debounce is cancelled by the
  /// second, which fires 300 ms later and starts the search (200 ms).
  private func typedSearch() async throws -> InterpreterHarness {
    let harness = try InterpreterHarness(feature: "search")
    for line in [#".queryChanged("a")"#, "advance 100ms", #".queryChanged("ad")"#, "advance 300ms", "advance 200ms", "wait"] {
      try await harness.result(line)
    }
    return harness
  }

  private func spans(_ harness: InterpreterHarness, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> [JobSpan]
  {
    guard case .jobSpans(let spans, _) = try await harness.result("jobs --all", sourceLocation: sourceLocation) else {
      Issue.record("jobs --all did not answer with spans", sourceLocation: sourceLocation)
      return []
    }
    return spans
  }

  @Test func eachJobsLifeIsKeptOnVirtualTimeWithItsParentEntry() async throws {
    let harness = try await typedSearch()
    let spans = try await spans(harness)
    #expect(spans.map(\.kind) == [.timer, .timer, .effect])
    let cancelled = try #require(spans.first)
    #expect(cancelled.parentIndex == 1)
    #expect(cancelled.launched == .zero)
    #expect(cancelled.ended == .milliseconds(100))
    guard case .cancelled(let reason) = cancelled.outcome else {
      Issue.record("the first debounce was not cancelled: \(cancelled.outcome)")
      return
    }
    #expect(reason.hasPrefix("cancelled by its store"))
    let fired = spans[1]
    #expect((fired.parentIndex, fired.launched, fired.ended, fired.outcome) == (2, .milliseconds(100), .milliseconds(400), .finished))
    let search = spans[2]
    #expect(search.name == "search")
    // Entry 3 is `.search`, sent by the debounce when it fired.
    #expect((search.parentIndex, search.launched, search.ended, search.outcome) == (3, .milliseconds(400), .milliseconds(600), .finished))
    // `jobs` alone lists the live ones: none now.
    guard case .jobs(let live) = try await harness.result("jobs") else { return }
    #expect(live.isEmpty)
  }

  @Test func aRunningJobHasNoEndAndTheDebuggersCancellationSaysWhy() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    try await harness.result(".load")
    let running = try await spans(harness)
    #expect(running.map(\.outcome) == [.running])
    #expect(running.first?.ended == nil)
    try await harness.result("cancel load todos")
    try await harness.result("wait")
    let cancelled = try await spans(harness)
    #expect(cancelled.map(\.outcome) == [.cancelled(reason: "cancelled by `cancel load todos`")])
    #expect(cancelled.first?.ended == .zero)
    // The span is the record of the cancel typed by hand: after which entry it came.
    #expect(cancelled.first?.cancelledByHand == JobSpan.CancelledByHand(afterIndex: 1, hadNamesakes: false))
  }

  @Test func aCancelByHandSurvivesSaveAndLoadAndADamagedOneIsAnError() async throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("todos.session").path
    let harness = try InterpreterHarness(feature: "todos")
    for line in [".load", "advance 200ms", "cancel 1", "wait", "save \(path)"] { try await harness.result(line) }
    let saved = try await spans(harness)
    #expect(saved.first?.cancelledByHand != nil)
    try await harness.result("load \(path)")
    #expect(try await spans(harness) == saved)

    let text = try String(contentsOfFile: path, encoding: .utf8)
    let damaged: [(from: String, to: String, problem: String)] = [
      (#""afterIndex":1"#, #""afterIndex":-1"#, "was cancelled by hand after entry -1"),
      (#""outcome":"cancelled""#, #""outcome":"finished""#, "was cancelled by hand but is finished"),
    ]
    for (from, to, problem) in damaged {
      let range = try #require(text.range(of: from), "no \(from) in the file")
      let bad = folder.url.appendingPathComponent("bad.session").path
      try text.replacingCharacters(in: range, with: to).write(toFile: bad, atomically: true, encoding: .utf8)
      let error = try await harness.error("load \(bad)")
      #expect(error.message.hasPrefix("\(bad): job span 1 (#1 'load todos')"), "\(error.message)")
      #expect(error.message.contains(problem), "\(error.message)")
    }
  }

  @Test func jobsTakesOnlyAll() async throws {
    #expect(throws: CommandParseError.self) { try CommandParser().parse("jobs --every") }
    #expect(try CommandParser().parse("jobs --all") == .jobSpans(.all))
    #expect(try CommandParser().parse("jobs") == .info(.jobs))
  }

  @Test func timeTravelKeepsSpansAndAForkForgetsTheParentsItReplaced() async throws {
    let harness = try await typedSearch()
    let before = try await spans(harness)
    try await harness.result("jump 1")
    #expect(try await spans(harness) == before)
    // Entries 2 to 4 go; the new entry 2 is another action, so the debounce it launched is
    // the only span that names entry 2.
    try await harness.result(#".queryChanged("b")"#)
    let after = try await spans(harness)
    #expect(after.count == 4)
    #expect(after.map(\.parentIndex) == [1, nil, nil, 2])
  }

  @Test func spansThatEndedBeforeTheFirstKeptEntryGoWithTheFoldedHistory() async throws {
    let harness = try await typedSearch()
    try await harness.result("set history limit 1")
    try await harness.result("advance 1s")
    for _ in 0..<40 { try await harness.result(".searchResponse([])") }
    #expect(try await spans(harness).isEmpty)
    // A job launched now is kept, the folded ones are not brought back.
    try await harness.result(#".queryChanged("z")"#)
    #expect(try await spans(harness).map(\.kind) == [.timer])
  }

  @Test func spansSurviveSaveAndLoadAndAFileWithoutThemLoads() async throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("search.session").path
    let harness = try await typedSearch()
    let saved = try await spans(harness)
    try await harness.result("save \(path)")
    try await harness.result("reset")
    try await harness.result("load \(path)")
    #expect(try await spans(harness) == saved)

    let text = try String(contentsOfFile: path, encoding: .utf8)
    var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect((object["jobSpans"] as? [Any])?.count == 3)
    object["jobSpans"] = nil
    let older = folder.url.appendingPathComponent("older.session").path
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: older))
    try await harness.result("load \(older)")
    #expect(try await spans(harness).isEmpty)
  }

  @Test func aDamagedSpanIsAnErrorNamingTheFileAndTheSpan() async throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("search.session").path
    let harness = try await typedSearch()
    try await harness.result("save \(path)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let damaged: [(from: String, to: String, span: Int, problem: String)] = [
      (#""outcome":"finished""#, #""outcome":"done""#, 2, "has outcome 'done'; expected one of running, finished"),
      (#""kind":"effect""#, #""kind":"thread""#, 3, "has kind 'thread'; expected one of effect, middleware"),
      (#""launched":400000000"#, #""launched":700000000"#, 3, "ended at 600000000 ns, before it was launched"),
    ]
    for (from, to, span, problem) in damaged {
      let range = try #require(text.range(of: from), "no \(from) in the file")
      let bad = folder.url.appendingPathComponent("bad.session").path
      try text.replacingCharacters(in: range, with: to).write(toFile: bad, atomically: true, encoding: .utf8)
      let error = try await harness.error("load \(bad)")
      #expect(error.message.hasPrefix("\(bad): job span \(span) (#"), "\(error.message)")
      #expect(error.message.contains(problem), "\(error.message)")
    }
  }
}
