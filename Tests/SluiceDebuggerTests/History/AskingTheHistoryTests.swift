import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// `why PATH` and `history PATH`: answered from the recorded states, through edits, forks,
/// folds and loads, on the example features.
@MainActor
@Suite struct AskingTheHistoryTests {
  private func cause(_ line: String, _ harness: InterpreterHarness, sourceLocation: SourceLocation = #_sourceLocation)
    async throws -> ValueCause
  {
    guard case .answer(let answer) = try await harness.result(line, sourceLocation: sourceLocation),
      let cause = answer as? ValueCause
    else { throw DebugError("`\(line)` gave no why answer") }
    return cause
  }

  private func changes(_ line: String, _ harness: InterpreterHarness) async throws -> PathHistory {
    guard case .answer(let answer) = try await harness.result(line), let history = answer as? PathHistory else {
      throw DebugError("`\(line)` gave no history answer")
    }
    return history
  }

  @Test func whyNamesTheEntryThatLastSetAValueAsSeenAtAnyEntry() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for line in [".increment", ".setStep(2)", ".increment"] { try await harness.result(line) }
    let count = try await cause("why count", harness)
    #expect(count.source == .entry)
    #expect(count.at == 3 && count.value == "3")
    #expect(count.change?.index == 3)
    #expect(count.change?.old == "1" && count.change?.new == "3")
    #expect(try await cause("why count at 2", harness).change?.index == 1, "#2 set the step, not the count")
    #expect(try await cause("why step", harness).change?.action == ".setStep(2)")
    let initial = try await cause("why count at 0", harness)
    #expect(initial.source == .initialState && initial.change == nil && initial.value == "0")
    let error = try await harness.error("why count at 9")
    #expect(error.message.contains("no history entry 9"))
  }

  @Test func anEditIsTheSetterAndAForkForgetsTheEntriesItDropped() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for line in [".increment", ".increment", "set var count = 10"] { try await harness.result(line) }
    let edited = try await cause("why count", harness)
    #expect(edited.change?.isEdit == true && edited.change?.index == 3 && edited.change?.new == "10")
    // Back to #1, and a new action: the fork drops #2 and #3.
    try await harness.result("jump 1")
    try await harness.result(".setStep(5)")
    try await harness.result(".increment")
    let forked = try await cause("why count", harness)
    #expect(forked.change?.index == 3 && forked.change?.old == "1" && forked.change?.new == "6")
    #expect(try await cause("why step", harness).change?.index == 2)
  }

  @Test func aValueNoKeptEntryChangedComesFromTheOldestKeptState() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result("set history limit 3")
    try await harness.result(".setStep(2)")
    // The history folds its oldest entries 32 at a time, once it holds the limit and 32 more.
    for _ in 1...40 { try await harness.result(".increment") }
    let step = try await cause("why step", harness)
    #expect(step.source == .oldestKeptState, "#1 .setStep(2) was folded into the base")
    #expect(step.value == "2")
    #expect(try await cause("why count", harness).change?.index == 41)
  }

  @Test func aLoadedSessionAnswersAsTheOneThatSavedIt() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-why-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("s.json").path
    let saving = try InterpreterHarness(feature: "counter")
    for line in [".increment", ".setStep(3)", ".increment", ".decrement"] { try await saving.result(line) }
    try await saving.result("save \"\(file)\"")
    let loading = try InterpreterHarness(feature: "counter")
    try await loading.result("load \"\(file)\"")
    for line in ["why count", "why step", "why count at 3", "history count"] {
      let saved = try await saving.result(line)
      let loaded = try await loading.result(line)
      #expect(TextRenderer().lines(for: saved) == TextRenderer().lines(for: loaded), "\(line)")
    }
  }

  /// A filtered, windowed `log` of entries that arrived without what they changed (a load
  /// replays without diffing) shows what each changed: the listing computes it, and reads the
  /// entries again after.
  @Test func aWindowedLogAfterALoadShowsWhatEachEntryChanged() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-log-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("s.json").path
    let harness = try InterpreterHarness(feature: "counter")
    for line in ["set diff off", ".increment", ".setStep(2)", "save \"\(file)\"", "load \"\(file)\"", "set diff full"] {
      try await harness.result(line)
    }
    guard case .history(let records, _, _) = try await harness.result("log case * 5") else {
      throw DebugError("no listing")
    }
    #expect(records.map { $0.changedPaths?.map(\.description) } == [["count"], ["step"]])
  }

  @Test func theCausalChainAndTheReadsOfTheSetterAreThere() async throws {
    let checkout = try InterpreterHarness(feature: "checkout")
    for line in [#".addItem((id: "tea", name: "Tea", priceInCents: 450, quantity: 2))"#, ".checkout", "advance 2s"] {
      try await checkout.result(line)
    }
    let status = try await cause("why status", checkout)
    #expect(status.change?.action.hasPrefix(".paymentSucceeded") == true)
    #expect(status.change?.chain.map(\.action) == [status.change?.action ?? "", ".validated", ".checkout"])
    let journal = try InterpreterHarness(feature: "journal")
    try await journal.result(#".write("hi")"#)
    let entries = try await cause("why entries", journal)
    #expect(Set(entries.change?.reads.map(\.name) ?? []) == ["uuid", "date", "random"])
  }

  @Test func secretsAreMaskedAsPrintMasksThem() async throws {
    let interpreter = CommandInterpreter(debugger: Debugger(registry: vaultRegistry, options: .forTests()))
    var lines: [String] = []
    for line in ["use vault", ".login", ".setPin", ".setCard", ".rotate", "why pin", "why user.token", "why card.number", "history user", "history pin"] {
      let outcome = try #require(await interpreter.execute(line: line))
      lines += TextRenderer().lines(for: try outcome.result.get())
    }
    #expect(lines.contains { $0.hasPrefix("pin = ") })
    for secret in Vault.secrets {
      #expect(!lines.contains { $0.contains(secret) }, "\(secret) in \(lines)")
    }
  }

  /// Random counter sessions: `history count` lists exactly the entries after which the
  /// count differs from before, each with those values, as reading every recorded state does.
  @Test(arguments: [1, 7, 42])
  func historyIsALinearScanOfTheRecordedStates(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let harness = try InterpreterHarness(feature: "counter")
    let actions = [".increment", ".decrement", ".setStep(0)", ".setStep(3)", ".reset"]
    for _ in 0..<60 { try await harness.result(actions[Int.random(in: 0..<actions.count, using: &random)]) }
    var scanned: [PathHistory.Change] = []
    var before = try await harness.value("count at 0")
    for index in 1...60 {
      let after = try await harness.value("count at \(index)")
      if after != before {
        scanned.append(PathHistory.Change(index: index, action: "", caseName: "", origin: "", old: before, new: after))
      }
      before = after
    }
    let listed = try await changes("history count from 0 100", harness)
    #expect(listed.total == scanned.count)
    #expect(listed.changes.map(\.index) == scanned.map(\.index))
    #expect(listed.changes.map(\.old) == scanned.map(\.old))
    #expect(listed.changes.map(\.new) == scanned.map(\.new))
    let last = try await changes("history count", harness)
    #expect(last.changes.count == min(20, scanned.count) && last.total == scanned.count)
    // `why` at each entry names the last change at or before it.
    for index in stride(from: 0, through: 60, by: 7) {
      let why = try await cause("why count at \(index)", harness)
      #expect(why.change?.index == scanned.last { $0.index <= index }?.index, "at \(index)")
    }
  }

  @Test func theAnswersAreTypedEventsAClientReadsBack() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result(".increment")
    let result = try await harness.result("why count")
    let line = try #require(JSONEventWriter().line(for: result, command: "why", at: nil))
    let event = try JSONDecoder().decode(ProtocolEvent.self, from: Data(line.utf8))
    guard case .answer(let declared) = event.payload else { throw DebugError("not an answer: \(line)") }
    #expect(declared.fields.event == "why")
    let expected = try await cause("why count", harness)
    #expect(try declared.fields.decode(ValueCause.self) == expected)
    #expect(declared.lines.first?.hasPrefix("count = 1 after #1, set by #1 .increment") == true, "\(declared.lines)")
  }
}

