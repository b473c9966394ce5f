import SluiceDebugger
import Testing

/// Windows of filtered listings (`log case|changed|origin … [N | from I [N]]`, `jobs --all
/// [N | from I [N]]`): only the part asked for, with where it lies among all that match, so
/// a client scrolling a long session asks for what it draws.
@MainActor
@Suite struct FilteredWindowTests {
  /// The indexes listed and where they lie; `nil` when the answer was not a history.
  private func window(_ result: CommandResult) -> (indexes: [Int], position: WindowPosition?)? {
    guard case .history(let records, _, let position) = result else { return nil }
    return (records.map(\.index), position)
  }

  /// Counter entries 1…9: increments at odd indexes, `setStep` at even ones.
  private func alternating() async throws -> InterpreterHarness {
    let harness = try InterpreterHarness(feature: "counter")
    for step in 1...9 { try await harness.result(step.isMultiple(of: 2) ? ".setStep(\(step))" : ".increment") }
    return harness
  }

  @Test func selectKeepsTheWindowAndCountsEveryMatch() {
    let items = [2, 4, 6, 8, 10]
    func select(_ window: ListingWindow) -> ([Int], WindowPosition) {
      let (kept, position) = window.select(items) { $0 }
      return (kept, position)
    }
    #expect(select(.all) == ([2, 4, 6, 8, 10], WindowPosition(offset: 0, total: 5)))
    #expect(select(.last(2)) == ([8, 10], WindowPosition(offset: 3, total: 5)))
    #expect(select(.last(9)) == (items, WindowPosition(offset: 0, total: 5)))
    #expect(select(.last(0)) == ([], WindowPosition(offset: 5, total: 5)))
    #expect(select(.from(5, count: 2)) == ([6, 8], WindowPosition(offset: 2, total: 5)))
    #expect(select(.from(0, count: 0)) == ([], WindowPosition(offset: 0, total: 5)))
    #expect(select(.from(11, count: 3)) == ([], WindowPosition(offset: 5, total: 5)))
    let (none, nothing) = ListingWindow.from(1, count: 3).select([Int]()) { $0 }
    #expect(none.isEmpty && nothing == WindowPosition(offset: 0, total: 0))
  }

  @Test func aCaseWindowListsMatchesFromAnIndexWithTheirPlace() async throws {
    let harness = try await alternating()
    let from = try #require(window(try await harness.result("log case increment from 4 2")))
    #expect(from.indexes == [5, 7])
    #expect(from.position == WindowPosition(offset: 2, total: 5))
    let last = try #require(window(try await harness.result("log case increment 2")))
    #expect(last.indexes == [7, 9])
    #expect(last.position == WindowPosition(offset: 3, total: 5))
    // `from I` alone takes log's default count, 20: every match from 3 on here.
    #expect(window(try await harness.result("log case increment from 3"))?.indexes == [3, 5, 7, 9])
    // The whole listing is as it was, and says it is whole.
    let all = try #require(window(try await harness.result("log case increment")))
    #expect(all.indexes == [1, 3, 5, 7, 9])
    #expect(all.position == WindowPosition(offset: 0, total: 5))
  }

  @Test func anEmptyWindowOfMatchesStillSaysHowManyThereAre() async throws {
    let harness = try await alternating()
    let pastTheEnd = try #require(window(try await harness.result("log case setStep from 20 5")))
    #expect(pastTheEnd.indexes.isEmpty)
    #expect(pastTheEnd.position == WindowPosition(offset: 4, total: 4))
    let none = try #require(window(try await harness.result("log case setStep from 0 0")))
    #expect(none.indexes.isEmpty)
    #expect(none.position == WindowPosition(offset: 0, total: 4))
    // No match at all: the message that says which cases there are, as without a window.
    guard case .message(let lines) = try await harness.result("log case reset from 1 5") else {
      Issue.record("no match gave no message")
      return
    }
    #expect(lines.first?.hasPrefix("no entry's case matches 'reset'") == true)
  }

  @Test func changedAndOriginTakeTheWindowAfterTheirLastWord() async throws {
    let harness = try await alternating()
    let changed = try #require(window(try await harness.result("log changed step from 3 2")))
    #expect(changed.indexes == [4, 6])
    #expect(changed.position == WindowPosition(offset: 1, total: 4))
    let counted = try #require(window(try await harness.result("log changed count 1")))
    #expect(counted.indexes == [9])
    #expect(counted.position == WindowPosition(offset: 4, total: 5))
    let origin = try #require(window(try await harness.result("log origin script from 8")))
    #expect(origin.indexes == [8, 9])
    #expect(origin.position == WindowPosition(offset: 7, total: 9))
  }

  @Test func hiddenCasesAreNeitherListedNorCounted() async throws {
    let harness = try await alternating()
    try await harness.result("log hide setStep")
    let origin = try #require(window(try await harness.result("log origin script from 4 2")))
    #expect(origin.indexes == [5, 7])
    #expect(origin.position == WindowPosition(offset: 2, total: 5))
    // The unfiltered window counts only what it shows, too.
    #expect(window(try await harness.result("log from 2 2"))?.indexes == [3, 5])
  }

  @Test func theWindowIsParsedAfterEachFilter() throws {
    let parser = CommandParser()
    #expect(try parser.parse("log case add* 5") == .log(.filtered(.matchingCase("add*"), .last(5))))
    #expect(
      try parser.parse("log changed todos[0].isDone from 5 3")
        == .log(.filtered(.changing(path: "todos[0].isDone"), .from(5, count: 3))))
    #expect(
      try parser.parse("log origin effect 'search' from 2")
        == .log(.filtered(.origin(OriginFilter(kind: .effect, name: "search")), .from(2, count: 20))))
    #expect(try parser.parse("log origin effect 4") == .log(.filtered(.origin(OriginFilter(kind: .effect)), .last(4))))
    #expect(try parser.parse("jobs --all from 3 10") == .jobSpans(.from(3, count: 10)))
    #expect(try parser.parse("jobs --all 2") == .jobSpans(.last(2)))
    #expect(try CommandParserErrors.message(of: "log case add from").contains("the first history index"))
    #expect(try CommandParserErrors.message(of: "log case add many") == "expected a count, 'from I [N]' or 'skip R [N]', found 'many'")
    #expect(try CommandParserErrors.message(of: "jobs --all from 2 x") == "expected a count of entries, found 'x'")
    #expect(try CommandParserErrors.message(of: "log changed from 2").contains("expected a state path"))
    #expect(try CommandParserErrors.message(of: "log origin user 'x' 3").contains("have no job name"))
  }

  /// A search typed in two keystrokes: the first debounce (launched by entry 1) is cancelled
  /// by the second (entry 2), which fires and sends `.search` (entry 3), whose effect runs.
  @Test func aWindowOfSpansKeepsThoseLaunchedFromAnEntryOn() async throws {
    let harness = try InterpreterHarness(feature: "search")
    for line in [#".queryChanged("a")"#, "advance 100ms", #".queryChanged("ad")"#, "advance 300ms", "advance 200ms", "wait"] {
      try await harness.result(line)
    }
    func spans(_ line: String) async throws -> ([Int?], WindowPosition)? {
      guard case .jobSpans(let spans, let position) = try await harness.result(line) else { return nil }
      return (spans.map(\.parentIndex), position)
    }
    let all = try #require(try await spans("jobs --all"))
    #expect(all.0 == [1, 2, 3])
    #expect(all.1 == WindowPosition(offset: 0, total: 3))
    let fromTwo = try #require(try await spans("jobs --all from 2 1"))
    #expect(fromTwo.0 == [2])
    #expect(fromTwo.1 == WindowPosition(offset: 1, total: 3))
    let last = try #require(try await spans("jobs --all 1"))
    #expect(last.0 == [3])
    #expect(last.1 == WindowPosition(offset: 2, total: 3))
    let pastTheEnd = try #require(try await spans("jobs --all from 9"))
    #expect(pastTheEnd.0.isEmpty)
    #expect(pastTheEnd.1 == WindowPosition(offset: 3, total: 3))
    let none = try #require(try await spans("jobs --all from 0 0"))
    #expect(none.0.isEmpty)
    #expect(none.1 == WindowPosition(offset: 0, total: 3))
  }
}
