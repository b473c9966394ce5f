import SluiceDebugger
import Testing

/// `log origin KIND [NAME]` lists the entries a kind of sender sent; `log hide PATTERN`
/// leaves cases out of every listing until `log unhide`.
@MainActor
@Suite struct LogFilterTests {
  private func cases(_ result: CommandResult) -> [String] {
    guard case .history(let records, _, _) = result else { return [] }
    return records.map(\.caseName)
  }

  @Test func logOriginListsTheEntriesAJobOfThatNameSent() async throws {
    let harness = try InterpreterHarness(feature: "search")
    try await harness.result(#".queryChanged("a")"#)
    try await harness.result("advance 2s")
    #expect(cases(try await harness.result("log origin effect 'search'")) == ["searchResponse"])
    #expect(cases(try await harness.result("log origin effect sea*")) == ["searchResponse"])
    #expect(cases(try await harness.result("log origin script")) == ["queryChanged"])
    guard case .message(let lines) = try await harness.result("log origin user") else {
      Issue.record("an empty listing gave no message")
      return
    }
    #expect(lines == ["no entry in the history was sent by user"])
  }

  @Test func logOriginRefusesAnUnknownKindWithTheNearest() throws {
    #expect(try CommandParserErrors.message(of: "log origin efect").hasPrefix("unknown origin 'efect': did you mean 'effect'?"))
    #expect(try CommandParserErrors.message(of: "log origin user 'x'").contains("have no job name"))
  }

  @Test func logHideLeavesCasesOutOfEveryListingUntilUnhidden() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for line in [".increment", ".setStep(2)", ".increment"] { try await harness.result(line) }
    guard case .message(let hidden) = try await harness.result("log hide incr*") else { return }
    #expect(hidden == ["log hides .incr* (log unhide shows them again)"])
    #expect(cases(try await harness.result("log")) == ["setStep"])
    #expect(cases(try await harness.result("log 1")) == ["setStep"])
    #expect(cases(try await harness.result("log origin script")) == ["setStep"])
    guard case .message(let empty) = try await harness.result("log case increment") else { return }
    #expect(empty.first?.hasSuffix("; log hides .incr* (log unhide shows them again)") == true)
    #expect(try await harness.error("log unhide set*").message.hasPrefix("'set*' is not hidden"))
    try await harness.result("log unhide incr*")
    #expect(cases(try await harness.result("log")) == ["increment", "setStep", "increment"])
  }

  @Test func logUnhideWithoutAPatternShowsEveryCase() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result(".increment")
    try await harness.result("log hide increment")
    try await harness.result("log hide decrement")
    guard case .message(let lines) = try await harness.result("log unhide") else { return }
    #expect(lines == ["log hides nothing"])
    #expect(cases(try await harness.result("log")) == ["increment"])
  }
}
