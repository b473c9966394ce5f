import ExampleRegistry
import Sluice
import SluiceDebugger
import SluiceReporting
import Testing

/// What the debugger sends is a tool's, which the frequency signal never counts; what the
/// program's own code sends is counted, and said to come from outside the store.
@MainActor
@Suite struct ToolSendsTests {
  @Test func aHundredLineScriptOfOneActionNeverWarns() async {
    // `sluice run`'s policy breaks the chain and fails the run: a warning would show.
    let harness = ScriptRunnerHarness(cycleOverrides: CycleOverrides(policy: .break))
    let status = await harness.run(
      (["use counter"] + Array(repeating: ".increment", count: 100) + ["expect count == 100"]).joined(separator: "\n"))
    #expect(status == .success, "\(harness.output.text.suffix(600))")
    #expect(!harness.output.text.contains("cycle detected"))
  }

  @Test func aScriptThatCausesARealLoopStillTripsIt() async {
    let harness = ScriptRunnerHarness(cycleOverrides: CycleOverrides(policy: .break))
    let status = await harness.run("use pingpong\n.ping\nadvance 1s")
    #expect(status == .expectationFailed)
    // The first `.ping`, the script's, is not counted: the 21st `.pong` trips it.
    #expect(harness.output.text.contains("cycle detected: .pong reduced 21 times"), "\(harness.output.text.suffix(600))")
  }

  @Test func theDebuggersSendsAreATools() throws {
    let session = try Debugger(registry: exampleFeatures, options: .forTests(usesVirtualClock: true)).use("counter")
    for _ in 1...30 { session.running.type(".increment") }
    #expect(session.inspection.takeEvents().allSatisfy { if case .cycleDetected = $0 { false } else { true } })
    #expect(session.inspection.cycles.isEmpty)
  }

  @Test func aLoopThroughTheProgramsCodeIsExplained() {
    let context = ActionContext(sequence: 22, parent: nil, root: 22, depth: 0, origin: .external)
    let warning = CycleWarning(
      signal: .frequency(count: 21, window: .seconds(1)), caseName: "refresh", context: context, cycle: ["refresh"],
      policy: .pause)
    #expect(
      TextRenderer().describe(warning)
        == "cycle detected: .refresh reduced 21 times within 1s: .refresh → .refresh, each sent from outside the store "
        + "by the program's own code (an observer, a view or a callback) (policy: pause)")
    let typed = ActionContext(sequence: 22, parent: nil, root: 22, depth: 0, origin: .tool)
    let byTool = CycleWarning(
      signal: .depth(51), caseName: "refresh", context: typed, cycle: ["refresh"], policy: .pause)
    #expect(!TextRenderer().describe(byTool).contains("outside the store"))
  }
}
