import Testing

/// Issue 49: a long action printed in full, one line of hundreds of characters, in `log`
/// and in stops. One-line contexts are elided to the width (`set width N`, the terminal's by
/// default), with `…` and a count of what was left out; `print` never is.
@MainActor
@Suite struct WidthTests {
  static let title = String(repeating: "milk and honey ", count: 20)

  @Test func oneLineContextsAreElidedToTheWidthAndPrintIsNot() async {
    let run = await ShellFixture.run([
      "use todos", "set width 60", ".add(title: \"\(Self.title)\")", "log", "print todos[0].title", "set width unlimited",
      "log",
    ])
    #expect(run.lines.contains("width: 60 columns"))
    let headlines = run.lines.filter { $0.hasPrefix("#1 ") }
    #expect(headlines.count == 3, "\(run.output)")
    // The reduction's and the first `log`'s headline: 60 columns, the origin kept.
    for elided in headlines.prefix(2) {
      #expect(elided.count == 60, "\(elided)")
      #expect(elided.contains("  ← user"), "\(elided)")
      #expect(elided.contains("… (+"), "\(elided)")
    }
    // `print` shows the whole value; `set width unlimited` the whole headline.
    #expect(run.output.contains(Self.title.trimmingCharacters(in: .whitespaces)))
    #expect(headlines.last?.contains(Self.title.trimmingCharacters(in: .whitespaces)) == true)
    #expect(run.lines.contains("width: unlimited"))
  }

  @Test func aWidthTooNarrowIsRefusedSayingWhy() async {
    let run = await ShellFixture.run(["set width 5", "set width wide"])
    #expect(run.output.contains("expected a number of columns (at least 20) or 'unlimited', found '5'"), "\(run.output)")
    #expect(run.output.contains("found 'wide'"), "\(run.output)")
  }
}
