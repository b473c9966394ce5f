import SluiceReporting
import ExampleRegistry
import SluiceDebugger
import SluiceShell
import Testing

/// `break` completes the action cases a feature describes, before any was sent (observed on
/// 5c7706d: it offered only `job` and `cycle`).
@MainActor
@Suite struct BreakCompletionTests {
  @Test func breakCompletesDescribedCasesOnAnEmptyHistory() throws {
    let debugger = Debugger(registry: exampleFeatures)
    try debugger.use("checkout")
    let completion = CommandCompletion(interpreter: CommandInterpreter(debugger: debugger))

    let words = completion.completions(forTextBeforeCursor: "break pay").candidates.map(\.text)

    #expect(words.contains("paymentSucceeded"))
    #expect(words.contains("paymentFailed"))
  }
}
