import SluiceDebugger
import SluiceReporting
import Testing

/// A binding is sent, printed and read back in the debugger as it is written in Swift.
@MainActor
@Suite struct BindingTextTests {
  @Test func aBindingIsSentAsItIsWrittenAndShownTheSameWay() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      #"""
      use search
      .binding(.set(\.query, "ada"))
      expect query == "ada"
      {"binding": {"_0": {"set": {"_0": "\\.query", "_1": "alan"}}}}
      expect query == "alan"
      log
      """#)
    #expect(status == .success, "\(harness.output.text)")
    #expect(harness.output.standardOutput.contains(#"#1 .binding(.set(\.query, "ada"))  ← script"#))
    #expect(harness.output.standardOutput.contains(#"#2 .binding(.set(\.query, "alan"))  ← script"#))
  }

  @Test func aBindingToAPropertyTheFeatureDoesNotListSaysWhichItLists() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      #"""
      use search
      .binding(.set(\.results, "x"))
      """#)
    #expect(status == .error)
    #expect(harness.output.text.contains(#"\.results is not a bindable property of State (bindable: \.query)"#))
  }

  @Test func aBackslashThatStartsNoKeyPathIsAnErrorAtItsColumn() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      #"""
      use search
      .binding(.set(\query, "x"))
      """#)
    #expect(status == .error)
    #expect(harness.output.text.contains(#"test.sluice:2:15: error: bad action: expected a key path such as \.query after '\'"#))
  }
}
