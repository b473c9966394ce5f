import SluiceDebugger
import SluiceReporting
import Testing

/// Scripts are split into lines by scanning bytes; the lines must be those Swift's
/// `Character.isNewline` gives.
@Suite("Script source: lines")
struct ScriptSourceTests {
  private func characterLines(_ text: String) -> [String] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
  }

  @Test func everyKindOfLineEndSplits() {
    let text = "a\r\nb\rc\nd\u{0B}e\u{0C}f\u{85}g\u{2028}h\u{2029}i\n"
    #expect(ScriptSource(name: "x", text: text).lines == ["a", "b", "c", "d", "e", "f", "g", "h", "i", ""])
  }

  @Test func emptyTextAndEmptyLinesAreKept() {
    #expect(ScriptSource(name: "x", text: "").lines == [""])
    #expect(ScriptSource(name: "x", text: "\n\n").lines == ["", "", ""])
    #expect(ScriptSource(name: "x", text: "\r\n\r").lines == ["", "", ""])
  }

  @Test func nonASCIITextIsKeptWhole() {
    let text = "é\u{301}\n\u{2027}\u{2030}🧪\u{85}x\u{C2}"
    #expect(ScriptSource(name: "x", text: text).lines == characterLines(text))
  }

  /// Random texts from the characters that matter agree with the Character-based split.
  @Test func randomTextsSplitAsCharactersDo() {
    let pieces = ["a", " ", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "é", "\u{301}",
      "🧪", "\u{2027}", "#", "\""]
    var state: UInt64 = 42
    for _ in 0..<500 {
      var text = ""
      for _ in 0..<12 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        text += pieces[Int((state >> 33) % UInt64(pieces.count))]
      }
      #expect(ScriptSource(name: "x", text: text).lines == characterLines(text), "\(text.debugDescription)")
    }
  }
}
