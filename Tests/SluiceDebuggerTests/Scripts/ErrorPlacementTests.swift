import Sluice
import SluiceDebugger
import SluiceReporting
import Testing

/// Issue 27, "errors at the wrong place": an error of a script run is written to standard
/// error at its `file:line:column`, where editors and CI problem matchers find it, and a
/// run that did not complete never says that its expectations held.
@MainActor
@Suite("Errors at their place")
struct ErrorPlacementTests {
  @Test func anActionThatDoesNotDecodePointsAtTheUnknownNestedCase() async {
    let harness = ScriptRunnerHarness(registry: shelfRegistry)
    let status = await harness.run("  .counter(.incremnt)\n", named: "shelf.sluice")
    #expect(status == .error)
    let errors = harness.output.standardError
    #expect(errors.first?.hasPrefix("shelf.sluice:1:13: error: ") == true, "\(errors)")
    #expect(errors.first?.contains("unknown case '.incremnt'") == true, "\(errors)")
    #expect(errors.dropFirst(2).first == "    " + String(repeating: " ", count: 12) + "^", "\(errors)")
  }

  @Test func aSentActionThatDoesNotDecodePointsAtTheWrongArgument() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run("send .setStep(\"two\")\n", named: "counter.sluice")
    #expect(status == .error)
    #expect(
      harness.output.standardError.first?.hasPrefix("counter.sluice:1:15: error: not a Counter.Action") == true,
      "\(harness.output.standardError)")
  }

  @Test func aSourceThatFailsPointsAtItsFileName() async throws {
    let folder = try TemporaryFolder()
    let missing = try folder.write("missing.sluice", ".increment\n  source none.sluice\n")
    let harness = ScriptRunnerHarness()
    #expect(await harness.runner.run(files: [missing]) == .error)
    #expect(harness.output.standardError.first?.hasPrefix("\(missing):2:10: error: ") == true, "\(harness.output.standardError)")

    try folder.write("a.sluice", "source b.sluice\n")
    let b = try folder.write("b.sluice", "source a.sluice\n")
    let looping = ScriptRunnerHarness()
    #expect(await looping.runner.run(files: [folder.url.appendingPathComponent("a.sluice").path]) == .error)
    #expect(looping.output.standardError.first?.hasPrefix("\(b):1:8: error: ") == true, "\(looping.output.standardError)")
  }

  /// A loop that runs on the real clock until stopped: the `wait` before `.stop` always
  /// times out, however slow the machine.
  @Test func aWaitThatEndsWithWorkRunningIsAnErrorAtItsColumn() async {
    let harness = ScriptRunnerHarness(
      virtualClock: false, cycleOverrides: CycleOverrides(policy: .warn, limit: .some(nil), depth: .some(nil)))
    let status = await harness.run("use pingpong\n.ping\n  wait 100ms\n.stop\n", named: "wait.sluice")
    #expect(status == .expectationFailed)
    #expect(
      harness.output.standardError.contains { $0.hasPrefix("wait.sluice:3:3: error: still running after 100ms") },
      "\(harness.output.standardError)")
  }

  @Test func aRunThatStoppedAtAnErrorDoesNotSayItsExpectationsHeld() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(".increment\nexpect count == 1\nprint cuont\nexpect count == 1\n")
    #expect(status == .error)
    #expect(!harness.output.standardOutput.contains { $0.contains("expectation held") }, "\(harness.output.standardOutput)")
    #expect(harness.output.standardOutput.last?.hasPrefix("✗") == true, "\(harness.output.standardOutput)")
  }

  @Test func aBrokenCycleIsAnErrorOnStandardError() async {
    let harness = ScriptRunnerHarness(cycleOverrides: CycleOverrides(policy: .break))
    let status = await harness.run("use pingpong\n.ping\n  advance 2s\n", named: "loop.sluice")
    #expect(status == .expectationFailed)
    #expect(
      harness.output.standardError.contains { $0.hasPrefix("loop.sluice:3:3: error: cycle detected") },
      "\(harness.output.standardError)")
  }

  /// The job fails when virtual time reaches it, so it is reported at the `advance` line.
  @Test func aJobThatFailsFailsTheRunWithAnErrorOnStandardError() async {
    let harness = ScriptRunnerHarness(registry: failingFetch)
    let status = await harness.run(".start\n  advance 1s\n", named: "fetch.sluice")
    #expect(status == .expectationFailed)
    #expect(
      harness.output.standardError.contains { $0.hasPrefix("fetch.sluice:2:3: error: ") && $0.contains("the server said no") },
      "\(harness.output.standardError)")
    #expect(harness.output.standardOutput.last?.hasPrefix("✗") == true, "\(harness.output.standardOutput)")
  }
}

private enum Fetch: Codable, Equatable, Sendable {
  case start
}

private struct ServerRefusal: Error, CustomStringConvertible {
  var description: String { "the server said no" }
}

/// A feature whose one job throws after a second of the session's time, with no handler
/// for the error.
private let failingFetch = FeatureRegistry([
  Feature("fetch", summary: "A fetch that always fails", initialState: 0) { environment in
    Reduce<Int, Fetch> { state, _ in
      state += 1
      return .run(name: "fetch") { _ in
        try await environment.clock.sleep(for: .seconds(1))
        throw ServerRefusal()
      }
    }
  }
])
