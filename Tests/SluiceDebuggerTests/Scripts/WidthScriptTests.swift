import SluiceReporting
import Testing

/// `set width` in a script elides its text report's one-line contexts, never its JSON.
@MainActor
@Suite struct WidthScriptTests {
  static let script = """
    use todos
    set width 40
    .add(title: "\(String(repeating: "long title ", count: 10))")
    print todos[0].title
    """

  @Test func textIsElidedToTheWidth() async {
    let harness = ScriptRunnerHarness()
    #expect(await harness.run(Self.script) == .success)
    let headline = harness.output.standardOutput.first { $0.hasPrefix("#1 ") }
    #expect(headline?.count == 40, "\(harness.output.text)")
    #expect(harness.output.text.contains(String(repeating: "long title ", count: 10).trimmingCharacters(in: .whitespaces)))
  }

  @Test func jsonCarriesTheWholeValue() async {
    let harness = ScriptRunnerHarness(format: .json)
    #expect(await harness.run(Self.script) == .success)
    let reduced = harness.output.standardOutput.first { $0.contains(#""event":"reduced""#) }
    #expect(reduced?.contains(String(repeating: "long title ", count: 10)) == true, "\(harness.output.text)")
  }
}
