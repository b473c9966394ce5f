import SluiceDebugger
import SluiceReporting
import Testing

/// ASCII lines are scanned as bytes and other lines as `Character`s: both must read a line
/// the way Swift's `String` does, and count columns in characters.
@Suite("Command parser: ASCII and non-ASCII lines")
struct LineScanningTests {
  private func parseError(_ line: String) -> CommandParseError? {
    do {
      _ = try CommandParser().parse(line)
      return nil
    } catch {
      return error
    }
  }

  @Test func columnsCountCharactersNotBytes() {
    // The same error as `send .add(title: "Milk"` (column 24), three characters earlier.
    #expect(parseError(#"send .add(title: "é""#)?.column == 21)
    #expect(parseError(#"send .add(title: "🧪""#)?.column == 21)
    #expect(parseError("show\u{3000}x")?.column == 6)
  }

  @Test func unicodeWhitespaceSeparatesWords() throws {
    #expect(try CommandParser().parse("show\u{A0}3") == .show(index: 3))
    #expect(try CommandParser().parse("\u{3000}state\u{2003}count\u{3000}") == .state(path: "count"))
  }

  @Test func carriageReturnAndLineFeedAreOneCharacter() throws {
    #expect(try CommandParser().parse("state count\r\n") == .state(path: "count"))
    // s h o w ␠ ␍␊ x: `x` is the seventh character.
    #expect(parseError("show \r\nx")?.column == 7)
    #expect(parseError("show \rx")?.column == 7)
  }

  @Test func aHashOrQuoteWithACombiningMarkIsAnotherCharacter() throws {
    // `#⃣` (a keycap) starts with `#` but is not one: it does not start a comment.
    #expect(try CommandParser().parse("state count #x") == .state(path: "count"))
    #expect(parseError("state count #\u{20E3}") != nil)
    // `"́` (a quote with a combining accent) does not open a string, so the `#` after it
    // starts a comment and the action's own string is left open.
    let error = parseError(".a(x: \"\u{301}) # \"")
    #expect(error?.message.contains("unterminated string literal") == true, "\(String(describing: error))")
  }

  @Test func commentsAreFoundOutsideStringsInAnyLine() throws {
    #expect(try CommandParser().parse(#".add(title: "é # b") # c"#) == .send(action: #".add(title: "é # b")"#))
    #expect(try CommandParser().parse("state café # the café") == .state(path: "café"))
  }
}

@MainActor
@Suite("Script runner: echo")
struct ScriptEchoTests {
  @Test func theEchoDropsTheCommentAndSurroundingSpacesAndTabs() async {
    let harness = ScriptRunnerHarness()
    _ = await harness.run("\t .increment \t# one more\n  send .setStep(2)  \n.setStep(3) # café")
    let echoes = harness.output.standardOutput.filter { $0.hasPrefix(">") }
    #expect(echoes == ["> .increment", "> send .setStep(2)", "> .setStep(3)"])
  }

  @Test func nonASCIILinesAreEchoedTrimmedToo() async {
    let harness = ScriptRunnerHarness()
    _ = await harness.run("\u{3000}.increment\u{3000} # café")
    let echoes = harness.output.standardOutput.filter { $0.hasPrefix(">") }
    #expect(echoes == ["> .increment"])
  }
}
