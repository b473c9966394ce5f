import ExampleRegistry
import Foundation
import SluiceDebugger
import SluiceReporting
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@MainActor
@Suite("Script runner")
struct ScriptRunnerTests {
  @Test func everythingHeldIsStatusZero() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      # counting
      .increment
      expect count == 1
      """)
    #expect(status == .success)
    #expect(harness.runner.expectationCount == 1)
    #expect(harness.output.standardOutput.contains("✓ expect count == 1"))
    #expect(harness.output.standardOutput.last == "✓ all 1 expectation held")
  }

  @Test func aFailedExpectationIsReportedAndTheScriptGoesOn() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      .increment
      expect count == 5
      .increment
      expect count == 2
      """, named: "count.sluice")
    #expect(status == .expectationFailed)
    #expect(harness.runner.failedExpectationCount == 1)
    #expect(harness.runner.expectationCount == 2)
    let text = harness.output.standardOutput
    #expect(text.contains("✗ count.sluice:2: expectation failed: count == 5"))
    #expect(text.contains("    expected: 5"))
    #expect(text.contains("    actual:   1"))
    #expect(text.contains("✓ expect count == 2"))
    #expect(text.last == "✗ 1 of 2 expectations failed")
  }

  @Test func aLineThatDoesNotParseStopsTheRunWithItsColumn() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      .increment
        sned .increment
      .increment
      """, named: "typo.sluice")
    #expect(status == .error)
    #expect(harness.output.standardError.first?.hasPrefix("typo.sluice:2:3: error: unknown command 'sned'") == true)
    #expect(harness.output.standardError.dropFirst().first == "      sned .increment")
    #expect(harness.output.standardError.dropFirst(2).first == "      ^")
    // The third line never ran.
    #expect(harness.runner.interpreter.debugger.current?.inspection.history(last: nil).count == 1)
  }

  @Test func aCommandThatFailsStopsTheRunAtItsArgument() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      print cuont
      .increment
      """, named: "bad.sluice")
    #expect(status == .error)
    #expect(harness.output.standardError.first?.hasPrefix("bad.sluice:1:7: error: cuont: no property 'cuont'") == true)
    #expect(harness.runner.interpreter.debugger.current?.inspection.history(last: nil).isEmpty == true)
  }

  @Test func anErrorAfterAFailedExpectationIsStatusTwo() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run("expect count == 9\nuse nothing\n")
    #expect(status == .error)
    #expect(harness.runner.failedExpectationCount == 1)
  }

  @Test func quitStopsTheRun() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(".increment\nquit\nexpect count == 9\n")
    #expect(status == .success)
    #expect(harness.runner.expectationCount == 0)
    #expect(harness.runner.isStopped)
  }

  @Test func sourceRunsAFileRelativeToTheScript() async throws {
    let folder = try TemporaryFolder()
    try folder.write("setup.sluice", "use todos\n.add(title: \"Milk\")\n")
    let main = try folder.write("main.sluice", "source setup.sluice\nexpect todos[0].title == \"Milk\"\n")
    let harness = ScriptRunnerHarness()
    let status = await harness.runner.run(files: [main])
    #expect(status == .success)
    #expect(harness.runner.expectationCount == 1)
  }

  @Test func sourcingItselfIsAnErrorNotAHang() async throws {
    let folder = try TemporaryFolder()
    try folder.write("a.sluice", ".increment\nsource b.sluice\n")
    try folder.write("b.sluice", "source a.sluice\n")
    let harness = ScriptRunnerHarness()
    let status = await harness.runner.run(files: [folder.url.appendingPathComponent("a.sluice").path])
    #expect(status == .error)
    let message = harness.output.standardError.first ?? ""
    #expect(message.contains("b.sluice:1:"))
    #expect(message.contains("sources itself (a.sluice → b.sluice → a.sluice)"))
  }

  @Test func aMissingFileIsAnError() async throws {
    let folder = try TemporaryFolder()
    let harness = ScriptRunnerHarness()
    let status = await harness.runner.run(files: [folder.url.appendingPathComponent("none.sluice").path])
    #expect(status == .error)
    #expect(harness.output.standardError.first?.contains("cannot read") == true)
    #expect(harness.output.standardError.first?.contains("none.sluice") == true)
  }

  @Test func filesRunInOrderAgainstOneDebugger() async throws {
    let folder = try TemporaryFolder()
    let first = try folder.write("1.sluice", ".increment\n")
    let second = try folder.write("2.sluice", "expect count == 1\n")
    let harness = ScriptRunnerHarness()
    #expect(await harness.runner.run(files: [first, second]) == .success)
    #expect(harness.runner.expectationCount == 1)
  }

  @Test func windowsLineEndsAreLineEnds() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(".increment\r\nexpect count == 1\r\nexpect count == 2\r\n", named: "crlf.sluice")
    #expect(status == .expectationFailed)
    #expect(harness.output.standardOutput.contains { $0.hasPrefix("✗ crlf.sluice:3:") })
  }

  @Test func jsonReportsOneObjectPerLine() async throws {
    let harness = ScriptRunnerHarness(format: .json)
    let status = await harness.run(
      """
      use todos
      .add(title: "Say \\"hi\\"\\n")
      expect todos[0].isDone == true
      print todos[0].title
      wait
      bogus
      """, named: "j.sluice")
    #expect(status == .error)
    let objects = try harness.output.lines.map { line in
      try #require(
        try JSONSerialization.jsonObject(with: Data(line.text.utf8)) as? [String: Any], "not a JSON object: \(line.text)")
    }
    let events = objects.compactMap { $0["event"] as? String }
    #expect(events.count == objects.count)
    #expect(events.contains("command"))
    #expect(events.contains("waited"))
    #expect(events.contains("value"))
    let reduced = try #require(objects.first { $0["event"] as? String == "reduced" })
    #expect(reduced["index"] as? Int == 1)
    #expect(reduced["action"] as? String == #".add(title: "Say \"hi\"\n")"#)
    #expect(reduced["origin"] as? String == "script")
    #expect(reduced["changed"] as? [String] == ["todos[0]"])
    let expectation = try #require(objects.first { $0["event"] as? String == "expectation" })
    #expect(expectation["file"] as? String == "j.sluice")
    #expect(expectation["line"] as? Int == 3)
    #expect(expectation["passed"] as? Bool == false)
    #expect(expectation["expected"] as? String == "true")
    #expect(expectation["actual"] as? String == "false")
    let error = try #require(objects.first { $0["event"] as? String == "error" })
    #expect(error["line"] as? Int == 6)
    #expect(error["column"] as? Int == 1)
    let finished = try #require(objects.last)
    #expect(finished["event"] as? String == "finished")
    #expect(finished["status"] as? Int == 2)
    #expect(finished["failed"] as? Int == 1)
  }
}

/// Serialized: session-files.sluice saves to one path in /tmp, and two runs of it at once
/// would share that file.
@MainActor
@Suite("Example scripts", .serialized)
struct ExampleScriptTests {
  nonisolated static let folder = packageRoot.appendingPathComponent("Examples/Scripts")

  nonisolated static var scripts: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".sluice") }.sorted()
  }

  @Test func thereIsAScriptForEveryExampleFeature() {
    let scripts = Self.scripts
    for feature in ["counter", "todos", "search", "checkout", "profile", "stopwatch", "pingpong", "weather", "journal"] {
      #expect(scripts.contains("\(feature).sluice"), "no script for \(feature)")
    }
    #expect(scripts.contains("session-files.sluice"))
    #expect(scripts.contains("feedback-loop.sluice"), "no script for the temperature features")
  }

  /// Every script passes as a Swift Testing test, on virtual time (the ones that wait on
  /// latency need it, and the others do not mind it): a failure would be recorded at its line.
  @Test(arguments: SluiceScript.in("../../../Examples/Scripts"))
  func passes(_ script: SluiceScript) async {
    #expect(await script.run(against: exampleFeatures) == .success)
  }

  /// Scripts that need no virtual time run on the real clock too.
  @Test(arguments: ["counter.sluice", "session-files.sluice"])
  func passesOnTheRealClock(_ name: String) async {
    let harness = ScriptRunnerHarness(virtualClock: false)
    let status = await harness.runner.run(files: [Self.folder.appendingPathComponent(name).path])
    #expect(status == .success, "\(name):\n\(harness.output.text)")
  }
}
