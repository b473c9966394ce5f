import SluiceReporting
import Testing
import SluiceDebugger

@testable import SluiceShell

@Suite struct CompletionEditTests {
  @Test func oneCandidateReplacesTheStem() {
    let edit = CompletionEdit(Completions(stem: "con", candidates: [Completion("continue")]))
    #expect(edit == .replace(stemLength: 3, with: "continue "))
  }

  @Test func severalCandidatesGiveWhatTheyShare() {
    let edit = CompletionEdit(Completions(stem: "s", candidates: [Completion("step"), Completion("state")]))
    #expect(edit == .replace(stemLength: 1, with: "st"))
  }

  @Test func nothingSharedBeyondTheStemLists() {
    let edit = CompletionEdit(
      Completions(stem: "st", candidates: [Completion("step", display: "step  (s)"), Completion("state")]))
    #expect(edit == .list(["step  (s)", "state"]))
    #expect(CompletionEdit(.none) == .none)
  }

  @Test func listingsRunDownThenAcross() {
    let rows = CompletionListing.rows(["a", "b", "c", "d", "e"], width: 9)
    #expect(rows == ["a  c  e", "b  d"])
    #expect(CompletionListing.rows(["one"], width: 2) == ["one"])
    let many = CompletionListing.rows((1...250).map(String.init), width: 80)
    #expect(many.last == "… and 50 more")
  }
}

@Suite struct UTF8InputDecoderTests {
  private func decode(_ bytes: [UInt8]) -> String {
    var decoder = UTF8InputDecoder()
    var scalars = String.UnicodeScalarView()
    for byte in bytes { scalars.append(contentsOf: decoder.decode(byte)) }
    return String(scalars)
  }

  @Test func decodesMultibyteCharactersOneByteAtATime() {
    #expect(decode(Array("é☕𝄞a".utf8)) == "é☕𝄞a")
  }

  @Test func replacesMalformedSequences() {
    #expect(decode([0xFF, 0x61]) == "\u{FFFD}a")  // A byte that never starts a character.
    #expect(decode([0xC3, 0x61]) == "\u{FFFD}a")  // Cut short by an ASCII byte.
    #expect(decode([0x80]) == "\u{FFFD}")  // A stray continuation byte.
    #expect(decode([0xE0, 0x80, 0x80]) == "\u{FFFD}")  // Overlong.
  }
}

@Suite struct TerminalStyleTests {
  @Test func colorsOnlyOnATerminalWithoutNoColor() {
    #expect(TerminalStyle(isTerminal: true, environment: [:], noColorFlag: false).usesColor)
    #expect(!TerminalStyle(isTerminal: false, environment: [:], noColorFlag: false).usesColor)
    #expect(!TerminalStyle(isTerminal: true, environment: ["NO_COLOR": "1"], noColorFlag: false).usesColor)
    #expect(TerminalStyle(isTerminal: true, environment: ["NO_COLOR": ""], noColorFlag: false).usesColor)
    #expect(!TerminalStyle(isTerminal: true, environment: [:], noColorFlag: true).usesColor)
  }

  @Test func forceColorColorsOutputThatIsNotATerminalUnlessNoColorSaysOtherwise() {
    #expect(TerminalStyle(isTerminal: false, environment: ["FORCE_COLOR": "1"], noColorFlag: false).usesColor)
    #expect(!TerminalStyle(isTerminal: false, environment: ["FORCE_COLOR": "0"], noColorFlag: false).usesColor)
    #expect(!TerminalStyle(isTerminal: false, environment: ["FORCE_COLOR": ""], noColorFlag: false).usesColor)
    #expect(!TerminalStyle(isTerminal: false, environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"], noColorFlag: false).usesColor)
    #expect(!TerminalStyle(isTerminal: false, environment: ["FORCE_COLOR": "1"], noColorFlag: true).usesColor)
  }

  @Test func colorsLinesByTheirKinds() {
    let style = TerminalStyle(usesColor: true)
    #expect(style.paint(RenderedLine(.inserted, "+ count: 1")) == "\u{1B}[32m+ count: 1\u{1B}[0m")
    #expect(style.paint(RenderedLine(.removed, "\u{2212} count: 0")) == "\u{1B}[31m\u{2212} count: 0\u{1B}[0m")
    #expect(style.paint(RenderedLine(.headline, "#3 .increment  ← user")) == "\u{1B}[1m#3\u{1B}[0m .increment  ← user")
    #expect(style.paint(RenderedLine(.plain, "  count: 1")) == "  count: 1")
    // The kind decides, not the text: a value that starts with `+` is not an inserted line.
    #expect(style.paint(RenderedLine(.plain, "+ not a diff")) == "+ not a diff")
    #expect(TerminalStyle(usesColor: false).paint(RenderedLine(.inserted, "+ count: 1")) == "+ count: 1")
  }

  @Test func promptsShowTheFeatureAndTheStore() {
    let plain = TerminalStyle(usesColor: false)
    #expect(ShellPrompt.main(feature: "counter", status: .idle, style: plain).text == "(sluice counter) ")
    #expect(ShellPrompt.main(feature: "checkout", status: .paused, style: plain).text == "(sluice checkout ⏸) ")
    #expect(ShellPrompt.main(feature: "search", status: .running, style: plain).text == "(sluice search ▶) ")
    // After a jump, where the state is (issue 27: a fork dropped entries the prompt never
    // said were ahead).
    #expect(
      ShellPrompt.main(feature: "cart", status: .paused, travelled: (2, 4), style: plain).text == "(sluice cart @2/4 ⏸) ")
    let main = ShellPrompt.main(feature: "counter", status: .idle, style: plain)
    #expect(ShellPrompt.continuation(under: main, style: plain).text.count == main.text.count)
    let colored = ShellPrompt.main(feature: "counter", status: .idle, style: TerminalStyle(usesColor: true))
    #expect(colored.plainText == "(sluice counter) ")
    #expect(colored.text.contains("\u{1B}["))
    #expect(PromptEscapes.marked(colored.text, escape: "\u{1}") == "\u{1}\u{1B}[1m\u{1}(sluice counter)\u{1}\u{1B}[0m\u{1} ")
  }
}
