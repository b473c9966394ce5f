import Testing

/// `help` speaks of the feature being debugged: its examples name that feature's cases and
/// state (observed on 5c7706d: every debugger showed `.add(title:)` and `count`).
@MainActor
@Suite struct HelpExamplesTests {
  @Test func examplesNameTheCurrentFeaturesCasesAndState() async {
    let run = await ShellFixture.run(["use checkout", "help break", "help expect", "help send"])
    let examples = run.lines.filter { $0.hasPrefix("example: ") }
    #expect(examples.count == 3)
    #expect(examples[0].hasPrefix("example: break checkout if items == []"))
    #expect(examples[1] == "example: expect items == []")
    #expect(examples[2] == "example: send .checkout")
  }
}
