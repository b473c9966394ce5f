import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// `set var PATH = VALUE` (issue 27): sets any value of the current state, recorded in the
/// history as an edit of its own kind that replay applies again and session files keep.
@MainActor
@Suite("Interpreter: set var")
struct SetVariableTests {
  @Test func setVarSetsAValueAndTheHistoryRecordsTheEdit() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result(".increment")
    let outcome = try await harness.run("set var count = 10")
    let records = reducedRecords(outcome.events)
    #expect(records.map(\.action) == ["set var count = 10"])
    #expect(records.first?.isEdit == true)
    #expect(try await harness.value("count") == "10")
    #expect(
      try await harness.lines("log") == [
        "#1 .increment  ← script  changed: count",
        "#2 set var count = 10  ← script  changed: count",
      ])
    try await harness.result(".increment")
    #expect(try await harness.value("count") == "11")
  }

  @Test func setVarSetsNestedValuesOfAnyType() async throws {
    let harness = try InterpreterHarness(feature: "checkout")
    try await harness.result(#".addItem((id: "tea", name: "Tea", priceInCents: 450, quantity: 1))"#)
    try await harness.result(#"set var items[0].name = "Green tea""#)
    #expect(try await harness.value("items[0].name") == #""Green tea""#)
    try await harness.result(#"set var status = .paid(receiptID: "by hand")"#)
    #expect(try await harness.value("status") == #".paid(receiptID: "by hand")"#)
    try await harness.result(#"set var items[id: "tea"].quantity = 3"#)
    #expect(try await harness.value("items[0].quantity") == "3")
  }

  @Test func setVarRejectsAPathThatLeadsNowhereOrAValueOfAnotherType() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    let missing = try await harness.error("set var cuont = 1")
    #expect(missing.message.contains("cannot set cuont"))
    #expect(missing.message.contains("no property 'cuont'"))
    let wrongType = try await harness.error(#"set var count = "three""#)
    #expect(wrongType.message.contains("cannot set count"))
    #expect(wrongType.message.contains(#""three" is not a"#))
    do {
      _ = try CommandParser().parse("set var count =")
      Issue.record("'set var count =' parsed")
    } catch {
      #expect(error.message == "expected a value after '='")
      #expect(error.column == 16)
    }
    #expect(try await harness.lines("log") == ["(no history)"])
  }

  @Test func toggleAppliesTheEditAgainOnTheRecomputedStates() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result(".increment")
    try await harness.result("set var step = 5")
    try await harness.result(".increment")
    #expect(try await harness.value("count") == "6")
    try await harness.result("toggle 1")
    #expect(try await harness.value("count") == "5")
    try await harness.result("toggle 2")
    #expect(try await harness.value("count") == "1")
    #expect(try await harness.value("step") == "1")
  }

  @Test func saveAndLoadKeepTheEdit() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-set-var-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("counter.session").path
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result("set var step = 4")
    try await harness.result(".increment")
    try await harness.result("save \(file)")
    try await harness.result("reset")
    #expect(try await harness.value("count") == "0")
    guard case .loaded(_, let report) = try await harness.result("load \(file)") else {
      Issue.record("load did not load")
      return
    }
    #expect(report.divergence == nil)
    #expect(try await harness.value("count") == "4")
    #expect(try await harness.lines("log").first == "#1 set var step = 4  ← script  changed: step")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any]
    #expect(json?["version"] as? Int == 4)
  }

  @Test func setVarAfterAJumpForksThere() async throws {
    let harness = try InterpreterHarness(feature: "counter")
    for _ in 0..<3 { try await harness.result(".increment") }
    try await harness.result("jump 1")
    let outcome = try await harness.run("set var count = 7")
    #expect(outcome.events.contains { if case .forked(at: 1, dropped: 2...3) = $0 { true } else { false } })
    #expect(try await harness.lines("log").last == "#2 set var count = 7  ← script  changed: count")
  }
}
