import SluiceShell
import Testing

@Suite struct CommandInputTests {
  private let prompt = Prompt("(sluice) ")
  private let continuation = Prompt("       … ", isContinuation: true)

  @Test func anUnbalancedLineContinues() async {
    let reader = ScriptedLineReader(lines: ["send .add(", "  title: \"Milk\"", ")", "state"])
    let input = CommandInput(reader: reader)
    #expect(await input.next(prompt: prompt, continuation: continuation) == .command("send .add(\n  title: \"Milk\"\n)"))
    #expect(await input.next(prompt: prompt, continuation: continuation) == .command("state"))
    #expect(reader.prompts.map(\.isContinuation) == [false, true, true, false])
  }

  @Test func anEmptyContinuationLineEndsTheCommandAsItIs() async {
    let reader = ScriptedLineReader(lines: ["send .add(title: \"Milk)", ""])
    let input = CommandInput(reader: reader)
    #expect(await input.next(prompt: prompt, continuation: continuation) == .command("send .add(title: \"Milk)"))
  }

  @Test func controlCDropsTheWholeCommand() async {
    let reader = ScriptedLineReader(inputs: [.line("send .add("), .interrupted(discarded: "title:")])
    let input = CommandInput(reader: reader)
    #expect(await input.next(prompt: prompt, continuation: continuation) == .interrupted(discarded: "send .add(\ntitle:"))
  }

  @Test func theEndOfInputInsideACommandIsReported() async {
    let reader = ScriptedLineReader(lines: ["send .load(ids: [1, 2"])
    let input = CommandInput(reader: reader)
    #expect(
      await input.next(prompt: prompt, continuation: continuation)
        == .endedInsideCommand("send .load(ids: [1, 2", .open(closer: "]")))
    #expect(await input.next(prompt: prompt, continuation: continuation) == .endOfInput)
  }
}
