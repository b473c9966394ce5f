import ExampleRegistry
import SluiceCLI
import SluiceDebugger
import Testing

/// The entry point in-process: what a user's own debugger executable calls.
@MainActor
@Suite("SluiceCommand.execute")
struct SluiceCommandTests {
  @Test func withoutASubcommandItPointsAtRun() async {
    let output = CapturedScriptOutput()
    let status = await SluiceCommand.execute(arguments: [], registry: exampleFeatures, output: output)
    #expect(status == 2)
    #expect(output.standardError.joined(separator: "\n").contains("sluice run FILE..."))
  }

  @Test func anEmptyRegistryIsAnErrorNotACrash() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("x.sluice", ".increment\n")
    let output = CapturedScriptOutput()
    let status = await SluiceCommand.execute(arguments: ["run", script], registry: FeatureRegistry([]), output: output)
    #expect(status == 2)
    #expect(output.standardError.first == "error: no features are registered")
  }

  @Test func runsWithTheGivenRegistry() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("x.sluice", "use checkout\nexpect status == .shopping\n")
    let output = CapturedScriptOutput()
    let status = await SluiceCommand.execute(arguments: ["run", "--json", script], registry: exampleFeatures, output: output)
    #expect(status == 0)
    #expect(output.standardOutput.last?.contains(#""event":"finished","status":0"#) == true)
  }
}
