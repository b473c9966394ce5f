import Sluice
import SluiceDebugger
import SluiceReporting
import Testing

/// `cancel JOB` and `find TEXT [at N]`, commands the table makes cheap.
@MainActor
@Suite struct CancelAndFindTests {
  private func cancellations(_ events: [DebugEvent]) -> [(name: String, reason: String)] {
    events.compactMap { event in
      if case .jobCancelled(let job, let reason) = event { return (job.name, reason) }
      return nil
    }
  }

  @Test func cancelByNameReportsTheCancellationAndTheJobNeverSends() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    try await harness.result(".load")
    let outcome = try await harness.run("cancel load todos")
    _ = try outcome.result.get()
    let cancelled = cancellations(outcome.events)
    #expect(cancelled.map(\.name) == ["load todos"])
    #expect(cancelled.first?.reason == "cancelled by `cancel load todos`")

    try await harness.result("advance 1s")
    try await harness.result("wait")
    guard case .history(let records, _, _) = try await harness.result("log") else { return }
    #expect(records.map(\.caseName) == ["load"], "the cancelled load answered anyway")
  }

  @Test func cancelByIdAndUnknownJobs() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    let none = try await harness.error("cancel 7")
    #expect(none.message == "no live job '7': no job is live")
    try await harness.result(".load")
    guard case .jobs(let rows) = try await harness.result("jobs"), let job = rows.first?.job else {
      Issue.record("no job listed after .load")
      return
    }
    let wrong = try await harness.error("cancel save todos")
    #expect(wrong.message == "no live job 'save todos': live jobs: \(job.id.rawValue) 'load todos'")
    let outcome = try await harness.run("cancel \(job.id.rawValue)")
    #expect(cancellations(outcome.events).map(\.name) == ["load todos"])
  }

  @Test func findListsPathsWhoseKeysOrValuesMatchNowOrAtAnEntry() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    try await harness.result(#".add(title: "Milk")"#)
    try await harness.result(#".add(title: "Oat milk")"#)
    try await harness.result(".toggle(id: 1)")

    guard case .found(_, nil, let now) = try await harness.result("find MILK") else {
      Issue.record("find did not answer with matches")
      return
    }
    #expect(now.map(\.path.description) == ["todos[0].title", "todos[1].title"])
    #expect(now.map(\.value) == [#""Milk""#, #""Oat milk""#])

    guard case .found(_, 1, let before) = try await harness.result("find milk at 1") else { return }
    #expect(before.map(\.path.description) == ["todos[0].title"])

    // A key matches as well as a value: the field, with its value.
    guard case .found(_, _, let keys) = try await harness.result("find isDone") else { return }
    #expect(keys.map(\.path.description) == ["todos[0].isDone", "todos[1].isDone"])
    #expect(keys.map(\.value) == ["true", "false"])

    let lines = TextRenderer().lines(for: try await harness.result("find nothing-like-this"))
    #expect(lines == ["nothing matches 'nothing-like-this'"])
    let missing = try await harness.error("find milk at 9")
    #expect(missing.message.contains("no history entry 9"))
  }

  @Test func cancelWithAHashSaysTheNumberGoesWithoutIt() {
    do {
      _ = try CommandParser().parse("cancel #3")
      Issue.record("cancel #3 parsed")
    } catch {
      #expect(error.message.contains("without '#', which starts a comment"))
    }
  }

  @Test func findParsesItsEntryAndQuotedText() throws {
    let parser = CommandParser()
    #expect(try parser.parse("find milk") == .find(text: "milk", at: nil))
    #expect(try parser.parse("find oat milk at 2") == .find(text: "oat milk", at: 2))
    #expect(try parser.parse(#"find "seen at 2""#) == .find(text: "seen at 2", at: nil))
    #expect(throws: CommandParseError.self) { try parser.parse("find") }
  }

  /// `find` splits its words where every command does (at any whitespace, not inside its
  /// comment) and keeps a quoted text's backslashes as typed.
  @Test func findReadsItsWordsAsEveryCommandDoes() throws {
    let parser = CommandParser()
    #expect(try parser.parse("find oat\tmilk\tat 2") == .find(text: "oat milk", at: 2))
    #expect(try parser.parse("find oat  milk   at  2  # a comment") == .find(text: "oat milk", at: 2))
    #expect(try parser.parse(#"find "say \"at\" 3" at 1"#) == .find(text: #"say \"at\" 3"#, at: 1))
    #expect(try parser.parse(#"find "milk # not a comment""#) == .find(text: "milk # not a comment", at: nil))
    #expect(throws: CommandParseError.self) { try parser.parse("find # only a comment") }
  }
}
