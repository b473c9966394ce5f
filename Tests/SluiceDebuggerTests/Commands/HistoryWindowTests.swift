import SluiceDebugger
import Testing

/// `log from I [N]` lists a window of a long history, and `state [PATH] at N` the state after
/// any entry: what a client that pages through the history asks (`sluice serve`'s page).
@MainActor
@Suite struct HistoryWindowTests {
  private func indexes(_ result: CommandResult) -> [Int] {
    guard case .history(let records, _, _) = result else { return [] }
    return records.map(\.index)
  }

  @Test func logFromListsTheEntriesFromAnIndexOn() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for _ in 0..<6 { try await harness.result(".increment") }
    #expect(indexes(try await harness.result("log from 2 3")) == [2, 3, 4])
    #expect(indexes(try await harness.result("log from 5")) == [5, 6])
    #expect(indexes(try await harness.result("log from 0 2")) == [1, 2])
    guard case .history(let records, _, _) = try await harness.result("log from 3 1") else { return }
    #expect(records.first?.changedPaths?.map(\.description) == ["count"])
    guard case .message(let lines) = try await harness.result("log from 9") else {
      Issue.record("a window past the end gave no message")
      return
    }
    #expect(lines == ["no entry from #9 on: entries run from #1 to #6"])
  }

  @Test func logFromKeepsTheTravelledPosition() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for _ in 0..<3 { try await harness.result(".increment") }
    try await harness.result("jump 1")
    guard case .history(_, let travelled, _) = try await harness.result("log from 1 1") else { return }
    #expect(travelled == HistoryPosition(index: 1, lastIndex: 3))
  }

  @Test func logFromRefusesWhatIsNoIndexOrCount() throws {
    #expect(try CommandParserErrors.message(of: "log from").contains("the first history index"))
    #expect(try CommandParserErrors.message(of: "log from x").contains("the first history index"))
    #expect(try CommandParserErrors.message(of: "log from 3 many") == "expected a count of entries, found 'many'")
  }

  @Test func stateAtShowsTheStateAfterAnEntryWithoutMovingTheSession() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for _ in 0..<3 { try await harness.result(".increment") }
    guard case .value(let path, let tree) = try await harness.result("print count at 1") else { return }
    #expect(path == "count")
    #expect(tree.compactDescription == "1")
    guard case .value(nil, let whole) = try await harness.result("state at 2") else { return }
    #expect(whole.compactDescription.contains("count: 2"))
    guard case .value(_, let now) = try await harness.result("print count") else { return }
    #expect(now.compactDescription == "3")
    #expect(try await harness.error("state at 9").message.hasPrefix("no history entry 9"))
    #expect(try CommandParserErrors.message(of: "print count at -1").contains("expected a history index after 'at'"))
  }
}
