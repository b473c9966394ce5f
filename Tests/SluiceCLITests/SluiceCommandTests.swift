import ExampleRegistry
import SluiceCLI
import SluiceDebugger
import SluiceReporting
import Testing

/// The entry point in-process: what a user's own debugger executable calls.
@MainActor
@Suite("SluiceCommand.execute")
struct SluiceCommandTests {
  // `sluice` alone starts the shell, which reads this process's standard input: only its
  // help is safe to run in-process.
  @Test func helpNamesTheShellAndRun() async {
    let output = CapturedScriptOutput()
    let status = await SluiceCommand.execute(arguments: ["--help"], registry: exampleFeatures, output: output)
    #expect(status == 0)
    let help = output.standardOutput.joined(separator: "\n")
    #expect(help.contains("shell (default)"))
    #expect(help.contains("run"))
    #expect(help.contains("interactive shell"))
  }

  @Test func anEmptyRegistryIsAnErrorNotACrash() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("x.sluice", ".increment\n")
    let output = CapturedScriptOutput()
    let status = await SluiceCommand.execute(arguments: ["run", script], registry: FeatureRegistry([]), output: output)
    #expect(status == 2)
    #expect(output.standardError.first == "error: no features are registered")
  }

  /// A debugger that does not link the page (no `page:`) builds no web server; `serve` says
  /// how to add it, and a script's `ui` is refused as before.
  @Test func serveWithoutThePageSaysHowToAddIt() async {
    let output = CapturedScriptOutput()
    let status = await SluiceCommand.execute(arguments: ["serve", "counter"], registry: exampleFeatures, output: output)
    #expect(status == 2)
    #expect(output.standardError == ["error: " + PageSupport.notLinked])
    #expect(PageSupport.notLinked.contains("SluiceServe") && PageSupport.notLinked.contains("page: .timeline"))
  }

  @Test func runsWithTheGivenRegistry() async throws {
    let folder = try ScriptFolder()
    let script = try folder.write("x.sluice", "use checkout\nexpect status == .shopping\n")
    let output = CapturedScriptOutput()
    let status = await SluiceCommand.execute(arguments: ["run", "--json", script], registry: exampleFeatures, output: output)
    #expect(status == 0)
    #expect(output.standardOutput.last?.contains(#""event":"finished","version":1,"status":0"#) == true)
  }
}
