import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// `bisect CONDITION`: the first entry after which a condition on the state holds, found from
/// the recorded states, equal to testing every state, and the position moved there.
@MainActor
@Suite struct BisectTests {
  private func bisect(_ line: String, _ harness: InterpreterHarness, sourceLocation: SourceLocation = #_sourceLocation)
    async throws -> Bisection
  {
    guard case .answer(let answer) = try await harness.result(line, sourceLocation: sourceLocation),
      let bisection = answer as? Bisection
    else { throw DebugError("`\(line)` gave no bisect answer") }
    return bisection
  }

  @Test func aMonotoneConditionJumpsToTheFirstEntryAfterWhichItHolds() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for line in [".increment", ".setStep(2)", ".increment", ".increment", ".increment"] { try await harness.result(line) }
    let answer = try await bisect("bisect count > 4", harness)
    #expect(answer.first?.index == 4 && answer.first?.action == ".increment")
    #expect(answer.isMonotone && !answer.holdsAtStart)
    #expect(answer.transitions.map(\.index) == [4])
    #expect(answer.entriesSearched == 5)
    // Only states after entries that changed the count were tested, and the start.
    #expect(answer.statesTested == 5, "#2 set the step: the count cannot differ after it")
    #expect(try await harness.value("count") == "5", "the position is after #4")
    let lines = TextRenderer().lines(for: .answer(answer))
    #expect(lines == ["count > 4 first holds after #4 .increment  ← script, and holds from there on (tested in 5 of 6 states)"])
  }

  @Test func aConditionThatComesAndGoesListsEveryTransition() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for line in [".increment", ".increment", ".increment", ".reset", ".increment", ".increment"] {
      try await harness.result(line)
    }
    let answer = try await bisect("bisect count >= 2", harness)
    #expect(!answer.isMonotone)
    #expect(answer.transitions.map(\.index) == [2, 4, 6])
    #expect(answer.transitions.map(\.holds) == [true, false, true])
    #expect(answer.first?.index == 2)
    #expect(try await harness.value("count") == "2")
    let lines = TextRenderer().lines(for: .answer(answer))
    #expect(lines.first == "count >= 2 is not monotone: it changes 3 times (tested in 7 of 7 states):")
    #expect(lines.last == "first holds after #2: now there")
  }

  @Test func aConditionThatHoldsFromTheStartGoesToTheStartAndOneThatNeverHoldsStays() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for line in [".increment", ".increment"] { try await harness.result(line) }
    let always = try await bisect("bisect count >= 0", harness)
    #expect(always.holdsAtStart && always.isMonotone && always.first == nil)
    #expect(try await harness.value("count") == "0")
    try await harness.result("jump 2")
    let never = try await bisect("bisect count > 100", harness)
    #expect(!never.holdsAtStart && never.first == nil && never.transitions.isEmpty && never.isMonotone)
    #expect(try await harness.value("count") == "2", "nowhere to go: the position stays")
    #expect(TextRenderer().lines(for: .answer(never)) == ["count > 100 never holds in the 2 entries kept (tested in 3 of 3 states)"])
  }

  @Test func aConditionReadsThroughCollectionsElementsAndOptionals() async throws {
    let harness = try InterpreterHarness(feature: "todos")
    for line in [#".add(title: "Milk")"#, #".add(title: "Eggs")"#, ".setFilter(.active)", ".toggle(id: 2)", #".add(title: "Tea")"#] {
      try await harness.result(line)
    }
    #expect(try await bisect("bisect todos.count >= 2", harness).first?.index == 2)
    // `todos[1]` does not exist before #2: a path that leads nowhere yet does not hold.
    let done = try await bisect("bisect todos[1].isDone == true", harness)
    #expect(done.first?.index == 4 && done.isMonotone)
    #expect(try await bisect(#"bisect todos[id: 3].title == "Tea""#, harness).first?.index == 5)
  }

  @Test func mistakesAreErrorsNamingWhatIsWrong() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result(".increment")
    #expect(try await harness.error("bisect cuont > 3").message.contains("cuont"))
    #expect(try await harness.error(#"bisect count > "many""#).message.contains("many"))
    for (line, message) in [("bisect $action.id == 3", "bisect asks about states"), ("bisect count", "expected PATH OP VALUE")] {
      #expect(throws: CommandParseError.self, "\(line)") { try CommandParser().parse(line) }
      let outcome = await harness.interpreter.execute(line: line)
      #expect((try? outcome?.result.get()) == nil)
      if case .failure(let error)? = outcome?.result { #expect(error.message.contains(message), "\(error.message)") }
    }
    #expect(try await harness.value("count") == "1", "nothing moved")
  }

  @Test func aFoldedOrLoadedHistoryIsSearchedFromItsOldestKeptState() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result("set history limit 3")
    for _ in 0..<40 { try await harness.result(".increment") }
    let folded = try await bisect("bisect count > 5", harness)
    #expect(folded.holdsAtStart && folded.first == nil, "the entries that made it hold were folded")
    let late = try await bisect("bisect count >= 39", harness)
    #expect(late.first?.index == 39 && late.isMonotone)
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("counter.session").path
    try await harness.result("save \(file)")
    let loaded = try InterpreterHarness(feature: "counter")
    try await loaded.result("load \(file)")
    #expect(try await bisect("bisect count >= 39", loaded).first?.index == late.first?.index)
  }

  /// A toggle recomputes the states after the entry it skips, and so what they changed: a
  /// later `.reset` that changed nothing before now changes the count, and is found.
  @Test func afterAToggleTheEntriesThatNowChangeAValueAreFound() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for line in [".increment", ".reset", ".reset"] { try await harness.result(line) }
    try await harness.result("toggle 2")
    let answer = try await bisect("bisect count == 0", harness)
    #expect(answer.transitions.map(\.index) == [1, 3])
    guard case .answer(let listed) = try await harness.result("history count"), let history = listed as? PathHistory else {
      Issue.record("no history answer")
      return
    }
    #expect(history.changes.map(\.index) == [1, 3], "#2 is skipped: it changes nothing now, and #3 resets 1 to 0")
    guard case .answer(let why) = try await harness.result("why count at 3"), let cause = why as? ValueCause else {
      Issue.record("no why answer")
      return
    }
    #expect(cause.change?.index == 3)
  }

  /// Random counter sessions and random thresholds: bisect's transitions are those that
  /// reading every recorded state finds.
  @Test(arguments: [3, 11, 2026])
  func bisectEqualsALinearScan(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let harness = try InterpreterHarness(feature: "counter")
    let actions = [".increment", ".increment", ".decrement", ".setStep(2)", ".setStep(1)", ".reset"]
    for _ in 0..<50 { try await harness.result(actions[Int.random(in: 0..<actions.count, using: &random)]) }
    var counts: [Int] = []
    for index in 0...50 { counts.append(Int(try await harness.value("count at \(index)")) ?? .min) }
    for threshold in [-1, 0, 2, 4, 7] {
      let scanned = (1...50).filter { (counts[$0] > threshold) != (counts[$0 - 1] > threshold) }
      let answer = try await bisect("bisect count > \(threshold)", harness)
      #expect(answer.holdsAtStart == (counts[0] > threshold))
      #expect(answer.transitions.map(\.index) == scanned, "threshold \(threshold)")
      #expect(answer.isMonotone == (answer.holdsAtStart ? scanned.isEmpty : scanned.count <= 1))
      let expectedFirst = answer.holdsAtStart ? nil : scanned.first
      #expect(answer.first?.index == expectedFirst)
      let position = expectedFirst ?? (answer.holdsAtStart ? 0 : 50)
      #expect(try await harness.value("count") == String(counts[position]))
      try await harness.result("jump 50")
    }
  }
}
