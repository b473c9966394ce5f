import SluiceShell
import Testing

@Suite struct CommandTextCheckTests {
  @Test func acceptsOrdinaryCommands() {
    #expect(CommandTextCheck.problem(in: "send .add(title: \"Crème ☕\")") == nil)
    #expect(CommandTextCheck.problem(in: "send .add(\n\ttitle: \"Milk\"\n)") == nil)
  }

  @Test func namesWhatIsWrongAndWhere() {
    #expect(
      CommandTextCheck.problem(in: "send \u{FFFD}")
        == "the input is not valid UTF-8: a byte that is not was read as � at column 6")
    #expect(
      CommandTextCheck.problem(in: "st\u{01}ate")
        == "control character U+0001 at column 3: commands are text (binary input?)")
    #expect(
      CommandTextCheck.problem(in: "send .add(\n\u{7F})")
        == "control character U+007F at line 2, column 1: commands are text (binary input?)")
    let long = String(repeating: "a", count: 1_048_576)
    #expect(
      CommandTextCheck.problem(in: long)
        == "the command is 1048576 characters long; a command may have at most 65536")
  }
}
