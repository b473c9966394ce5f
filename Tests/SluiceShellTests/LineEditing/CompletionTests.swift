import SluiceReporting
import SluiceShell
import Testing

/// A provider with fixed answers, keyed by the text before the cursor.
@MainActor
final class FixedCompletions: CompletionProvider {
  let answers: [String: Completions]
  private(set) var asked: [String] = []

  init(_ answers: [String: Completions]) {
    self.answers = answers
  }

  func completions(forTextBeforeCursor textBeforeCursor: String) -> Completions {
    asked.append(textBeforeCursor)
    return answers[textBeforeCursor] ?? .none
  }
}

/// Tab in the libedit reader.
extension TerminalTests {
  @Suite struct CompletionTests {
    @Test @MainActor func aSingleCandidateIsInsertedWithASpace() async throws {
      let provider = FixedCompletions(["con": Completions(stem: "con", candidates: [Completion("continue")])])
      let fixture = try EditorFixture(completion: provider)
      defer { fixture.close() }
      let read = try await fixture.startReading()
      fixture.terminal.send("con\t")
      try await fixture.terminal.waitForCursorLine("(test) continue")
      fixture.terminal.send("\r")
      #expect(await read.value == .line("continue "))
    }

    @Test @MainActor func anOpenArgumentListGetsNoSpace() async throws {
      let provider = FixedCompletions([
        "send .ad": Completions(stem: ".ad", candidates: [Completion(".add(title: ", display: ".add(title: String)", isFinal: false)])
      ])
      let fixture = try EditorFixture(completion: provider)
      defer { fixture.close() }
      let read = try await fixture.startReading()
      fixture.terminal.send("send .ad\t\"Milk\")\r")
      #expect(await read.value == .line("send .add(title: \"Milk\")"))
    }

    @Test @MainActor func severalCandidatesAreCompletedToWhatTheyShareThenListed() async throws {
      let provider = FixedCompletions([
        "send .se": Completions(stem: ".se", candidates: [
          Completion(".setStep(", display: ".setStep(_: Int)", isFinal: false),
          Completion(".setName(", display: ".setName(_: String)", isFinal: false),
        ]),
        "send .set": Completions(stem: ".set", candidates: [
          Completion(".setStep(", display: ".setStep(_: Int)", isFinal: false),
          Completion(".setName(", display: ".setName(_: String)", isFinal: false),
        ]),
      ])
      let fixture = try EditorFixture(completion: provider)
      defer { fixture.close() }
      let read = try await fixture.startReading()
      fixture.terminal.send("send .se\t")
      try await fixture.terminal.waitForCursorLine("(test) send .set")
      fixture.terminal.send("\t")
      try await fixture.terminal.waitForScreen {
        $0.lines.suffix(3) == ["(test) send .set", ".setStep(_: Int)     .setName(_: String)", "(test) send .set"]
      }
      fixture.terminal.send("Step(2)\r")
      #expect(await read.value == .line("send .setStep(2)"))
    }

    @Test @MainActor func noCandidateLeavesTheLineAlone() async throws {
      let provider = FixedCompletions([:])
      let fixture = try EditorFixture(completion: provider)
      defer { fixture.close() }
      let read = try await fixture.startReading()
      fixture.terminal.send("zzz\t!\r")
      #expect(await read.value == .line("zzz!"))
      #expect(provider.asked == ["zzz"])
    }
  }
}
