import ExampleFeatures
import Foundation
import Sluice
import SluiceDebugger
import Testing

@MainActor
@Suite struct SessionFileTests {
  @Test func aSavedSessionLoadsBackToTheSameStateHistoryAndBreakpoints() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("todos.json").path
    let original = try makeDebugger().use("todos")
    original.running.type(#".add(title: "Milk")"#)
    original.running.type(#".add(title: "Tea \"Earl Grey\" ☕️")"#)
    original.running.type(".toggle(id: 1)")
    _ = try original.timeTravel.toggle(2)
    _ = try original.breakpointControl.addBreakpoint(
      .action(pattern: "delete", condition: try StateCondition(parsing: "todos > 3")), isOneShot: true,
      ignoreCount: 2)
    _ = try original.breakpointControl.addBreakpoint(.watch(path: try StatePath(parsing: "filter")), isOneShot: false, ignoreCount: 0)

    try original.files.save(to: path)
    let restored = try makeDebugger().use("todos")
    let report = try restored.files.load(from: path)

    #expect(report.replayedCount == 3)
    #expect(report.divergence == nil)
    #expect(!report.typesChanged)
    #expect(try restored.inspection.tree(at: "") == original.inspection.tree(at: ""))
    #expect(restored.inspection.history(last: nil).map(\.action) == original.inspection.history(last: nil).map(\.action))
    #expect(restored.inspection.history(last: nil).map(\.isSkipped) == [false, true, false])
    #expect(restored.breakpointControl.breakpoints.map(\.description) == original.breakpointControl.breakpoints.map(\.description))
  }

  @Test func aFileTruncatedAnywhereFailsCleanlyAndChangesNothing() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("counter.json").path
    let saved = try makeDebugger().use("counter")
    for text in [".increment", ".setStep(3)", ".increment"] { saved.running.type(text) }
    try saved.files.save(to: path)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let truncatedPath = directory.appendingPathComponent("truncated.json").path
    let session = try makeDebugger().use("counter")
    session.running.type(".decrement")

    var failures = 0
    for length in stride(from: 0, to: bytes.count, by: 97) {
      try bytes.prefix(length).write(to: URL(fileURLWithPath: truncatedPath))
      do {
        _ = try session.files.load(from: truncatedPath)
        Issue.record("a file truncated to \(length) of \(bytes.count) bytes loaded")
      } catch {
        failures += 1
        #expect(error.message.contains("truncated.json"))
      }
    }
    #expect(failures == (bytes.count + 96) / 97)
    #expect(session.inspection.rendered("count") == "-1")
    #expect(session.inspection.history(last: nil).count == 1)
  }

  @Test func aSaveThatCannotBeWrittenLeavesTheOldFileIntact() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("counter.json").path
    let session = try makeDebugger().use("counter")
    session.running.type(".increment")
    try session.files.save(to: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    session.running.type(".increment")
    let restoreWritability = try makeUnwritable(directory)
    defer { restoreWritability() }
    #expect(throws: DebugError.self) { try session.files.save(to: path) }
    restoreWritability()

    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    let contents = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(contents == ["counter.json"])
  }

  @Test func aFileOfAnotherFeatureVersionOrShapeIsRefused() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("counter.json").path
    let debugger = makeDebugger()
    let counter = try debugger.use("counter")
    counter.running.type(".increment")
    try counter.files.save(to: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)

    let todos = try debugger.use("todos")
    #expect(throws: DebugError.self) { try todos.files.load(from: path) }

    let wrongVersion = directory.appendingPathComponent("v9.json").path
    try text.replacingOccurrences(of: #""version":4"#, with: #""version":9"#).write(
      toFile: wrongVersion, atomically: true, encoding: .utf8)
    do {
      _ = try counter.files.load(from: wrongVersion)
      Issue.record("a version 9 file loaded")
    } catch {
      #expect(error.message.contains("version 9"))
    }

    let garbage = directory.appendingPathComponent("garbage.json").path
    try Data([0xFF, 0x00, 0x13, 0x37]).write(to: URL(fileURLWithPath: garbage))
    #expect(throws: DebugError.self) { try counter.files.load(from: garbage) }
    #expect(throws: DebugError.self) { try counter.files.load(from: directory.appendingPathComponent("missing.json").path) }
    #expect(counter.inspection.rendered("count") == "1")
  }

  @Test func aReducerChangedAfterSavingIsReportedAtTheFirstDivergingEntry() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("counter.json").path
    let session = try makeDebugger().use("counter")
    for text in [".increment", ".increment", ".setStep(5)", ".increment", ".increment"] { session.running.type(text) }
    try session.files.save(to: path)

    // The same feature with a reducer that now ignores steps above 3.
    let changed = Debugger(
      registry: FeatureRegistry([
        Feature("counter", summary: "changed", initialState: ExampleFeatures.Counter.State()) { _ in
          Reduce<ExampleFeatures.Counter.State, ExampleFeatures.Counter.Action> { state, action in
            if case .setStep(let step) = action, step > 3 { return .none }
            return ExampleFeatures.Counter().reduce(into: &state, action: action)
          }
        }
      ]),
      options: .forTests(usesVirtualClock: true))
    let report = try changed.use("counter").files.load(from: path)

    let divergence = try #require(report.divergence)
    #expect(divergence.index == 3)
    #expect(divergence.action == ".setStep(5)")
    #expect(divergence.finalStateDiff.changedPaths.map(\.description).sorted() == ["count", "step"])
    #expect(try changed.use("counter").inspection.rendered("count") == "4")
  }
}
