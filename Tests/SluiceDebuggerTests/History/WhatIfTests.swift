import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// `replace N ACTION`, `toggle N`, `diff original`, `original restore|forget`: what-ifs on a
/// recorded timeline, compared with the timeline before them, which is kept until the user
/// keeps the what-ifs.
@MainActor
@Suite struct WhatIfTests {
  private func originalDiff(_ harness: InterpreterHarness) async throws -> (title: String, diff: StateDiff) {
    guard case .diff(let title, let diff) = try await harness.result("diff original") else {
      throw DebugError("`diff original` gave no diff")
    }
    return (title, diff)
  }

  @Test func replaceRecomputesTheLaterStatesAndKeepsTheOriginal() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for line in [".increment", ".setStep(5)", ".increment"] { try await harness.result(line) }
    try await harness.result("replace 2 .setStep(10)")
    #expect(try await harness.value("count") == "11")
    #expect(try await harness.value("step at 2") == "10")
    let log = try await harness.result("log")
    guard case .history(let records, _, _) = log else { Issue.record("no log"); return }
    #expect(records.map(\.action) == [".increment", ".setStep(10)", ".increment"])
    let (title, diff) = try await originalDiff(harness)
    #expect(title == "original #3 → now #3, first different at #2: .setStep(5) → .setStep(10)")
    #expect(Set(diff.changedPaths.map(\.description)) == ["count", "step"])
    // A second what-if is compared with the same original.
    try await harness.result("toggle 1")
    #expect(try await harness.value("count") == "10")
    #expect(try await originalDiff(harness).title.contains("first different at #1: .increment → .increment (skipped)"))
    try await harness.result("original restore")
    #expect(try await harness.value("count") == "6")
    #expect(try await harness.error("diff original").message.contains("no original timeline"))
  }

  @Test func forgettingTheOriginalKeepsTheWhatIfs() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for line in [".increment", ".increment"] { try await harness.result(line) }
    try await harness.result("replace 1 .decrement")
    try await harness.result("original forget")
    #expect(try await harness.value("count") == "0")
    #expect(try await harness.error("original restore").message.contains("no original timeline"))
    // A reset, a commit or a load forgets it too.
    try await harness.result("replace 2 .decrement")
    try await harness.result("reset")
    #expect(try await harness.error("diff original").message.contains("no original timeline"))
  }

  @Test func mistakesAreErrorsAndChangeNothing() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result(".increment")
    #expect(try await harness.error("replace 5 .increment").message.contains("no history entry 5"))
    #expect(try await harness.error("replace 1 .bogus").message.contains("bogus"))
    #expect(try await harness.error("diff original").message.contains("no original timeline"))
    #expect(throws: CommandParseError.self) { try CommandParser().parse("original keep") }
    #expect(throws: CommandParseError.self) { try CommandParser().parse("replace .increment") }
    #expect(try await harness.value("count") == "1")
  }

  /// Random sessions of the search feature, with its debounce timer and search job, edited by
  /// a random `replace` or `toggle`: every state of the what-if is the one that sending the
  /// edited sequence of actions afresh gives. A what-if replays reducers only, as `toggle`
  /// always has; the fresh session matches that because it never advances its virtual clock,
  /// so no timer or job it starts sends an action of its own (and `.refresh`, whose effect
  /// sends `.search` at once, is left out of the steps).
  @Test(arguments: [1, 8, 23, 64, 99, 512])
  func aWhatIfGivesTheStateOfTheEditedSequenceSentAfresh(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let harness = try InterpreterHarness(feature: "search")
    let steps = [#".queryChanged("a")"#, #".queryChanged("ap")"#, #".queryChanged("x")"#, "advance 300ms", "advance 1s"]
    for _ in 0..<24 { try await harness.result(steps[Int.random(in: 0..<steps.count, using: &random)]) }
    guard case .history(let before, _, _) = try await harness.result("log from 0 1000"), !before.isEmpty else {
      Issue.record("no entries")
      return
    }
    let target = before[Int.random(in: 0..<before.count, using: &random)].index
    if random.next(below: 2) == 0 {
      try await harness.result("toggle \(target)")
    } else {
      try await harness.result(#"replace \#(target) .queryChanged("z")"#)
    }
    guard case .history(let edited, _, _) = try await harness.result("log from 0 1000") else { return }
    // Every state of the edited timeline, not only the last: later actions often overwrite
    // what the edit changed.
    let fresh = try InterpreterHarness(feature: "search")
    var sentAfresh = try await fresh.value("self")
    for record in edited {
      if !record.isSkipped {
        try await fresh.result("send \(record.action)")
        sentAfresh = try await fresh.value("self")
      }
      let recorded = try await harness.value("self at \(record.index)")
      #expect(recorded == sentAfresh, "seed \(seed), edited #\(target), at #\(record.index) \(record.action): \(recorded) vs \(sentAfresh)")
    }
  }

  /// `insert N ACTION` on random sessions of the search feature, with its debounce timer, its
  /// search job and its throttled refresh: the timeline it makes, every entry and the last
  /// state, is what sending the edited sequence of lines afresh gives, since the inserted
  /// action's effects run and so do those of every action after it.
  @Test(arguments: [2, 9, 31, 77, 404])
  func anInsertGivesWhatSendingTheEditedSequenceAfreshGives(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let actions = [#".queryChanged("a")"#, #".queryChanged("ad")"#, #".queryChanged("lin")"#, ".refresh"]
    let steps = actions + ["advance 100ms", "advance 300ms", "advance 1s"]
    var lines = (0..<20).map { _ in steps[random.next(below: steps.count)] }
    if !lines.contains(where: { $0.hasPrefix(".") }) { lines[0] = actions[0] }
    let harness = try InterpreterHarness(feature: "search")
    for line in lines { try await harness.result(line) }
    guard case .history(let before, _, _) = try await harness.result("log from 0 1000") else { return }
    // The k-th line that sends an action is the k-th entry the script sent.
    let sent = before.filter { $0.origin == .script }
    let k = random.next(below: sent.count)
    let inserted = actions[random.next(below: actions.count)]
    try await harness.result("insert \(sent[k].index) \(inserted)")

    let fresh = try InterpreterHarness(feature: "search")
    var actionLines = 0
    for line in lines {
      if line.hasPrefix(".") {
        if actionLines == k { try await fresh.result(inserted) }
        actionLines += 1
      }
      try await fresh.result(line)
    }
    guard case .history(let edited, _, _) = try await harness.result("log from 0 1000"),
      case .history(let afresh, _, _) = try await fresh.result("log from 0 1000")
    else { return }
    #expect(edited.map(\.action) == afresh.map(\.action), "seed \(seed): inserted \(inserted) before #\(sent[k].index)")
    #expect(try await harness.value("self") == fresh.value("self"), "seed \(seed)")
    // The original is kept, as after any what-if.
    try await harness.result("original restore")
    guard case .history(let restored, _, _) = try await harness.result("log from 0 1000") else { return }
    #expect(restored.map(\.action) == before.map(\.action))
  }

  @Test func insertRefusesAPlaceOutsideTheHistoryAndAnEdit() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result(".increment")
    #expect(try await harness.error("insert 3 .increment").message.contains("no place 3 to insert at"))
    #expect(try await harness.error("insert 1 .bogus").message.contains("bogus"))
    try await harness.result("insert 2 .setStep(5)")
    try await harness.result(".increment")
    #expect(try await harness.value("count") == "6")
    try await harness.result("set var count = 1")
    #expect(try await harness.error("insert 1 .increment").message.contains("edits the state by hand"))
  }
}
