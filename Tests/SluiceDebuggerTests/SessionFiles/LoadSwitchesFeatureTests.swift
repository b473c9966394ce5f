import Foundation
import SluiceDebugger
import Testing

/// `load` of a session another registered feature saved switches to that feature, as `use`
/// would, and says so (issue 49: it refused with "`use catalog` first").
@MainActor
@Suite struct LoadSwitchesFeatureTests {
  @Test func loadingAnotherRegisteredFeaturesSessionSwitchesToItAndSaysSo() async throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("todos.sluice-session").path
    let harness = try InterpreterHarness(feature: "todos")
    try await harness.result(#".add(title: "Milk")"#)
    try await harness.result("save \(path)")

    try await harness.result("use counter")
    let outcome = try await harness.run("load \(path)")
    guard case .loaded(_, let report) = try outcome.result.get() else {
      Issue.record("load did not load")
      return
    }
    let reasons = outcome.events.compactMap { event -> String? in
      if case .stateReplaced(let reason, _) = event { reason } else { nil }
    }
    #expect(reasons == ["loaded 1 action"])
    #expect(report.featureSwitch?.from == "counter")
    #expect(report.featureSwitch?.to == "todos")
    #expect(harness.interpreter.debugger.current?.featureName == "todos")
    #expect(report.replayedCount == 1)
  }

  @Test func aFileThatDoesNotLoadLeavesTheFeatureInUse() async throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("broken.sluice-session").path
    try Data(#"{"format":"sluice-session","version":4,"feature":"todos","actions":"nope"}"#.utf8).write(to: URL(fileURLWithPath: path))
    let harness = try InterpreterHarness(feature: "counter")
    _ = try await harness.error("load \(path)")
    #expect(harness.interpreter.debugger.current?.featureName == "counter")
  }

  @Test func fileAsNameSaysTheOrderLoadTakes() async throws {
    let folder = try TemporaryFolder()
    let path = folder.url.appendingPathComponent("orders.sluice-session").path
    let harness = try InterpreterHarness(feature: "counter")
    let misordered = try await harness.error("load \(path) as todos")
    #expect(misordered.message.hasPrefix("cannot read \(path) as todos: "), "\(misordered.message)")
    #expect(misordered.message.hasSuffix("(to load \(path) into todos, write `load as todos \(path)`)"))
    // Only a registered feature's name makes ` as ` read as a misplaced `as`.
    let named = try await harness.error("load \(path) as nothing-registered")
    #expect(!named.message.contains("write `load as"), "\(named.message)")
  }
}
