import SluiceShell
import Testing

@Suite struct InputBalanceTests {
  @Test(arguments: [
    ("send .increment", InputBalance.complete),
    ("send .add(title: \"Milk\"", .open(closer: ")")),
    ("send .load(ids: [1, 2", .open(closer: "]")),
    ("send .add(title: \"Mi", .open(closer: "\"")),
    ("send .add(title: \"a (b [c\")", .complete),
    ("send .add(title: \"say \\\"hi\\\"\")", .complete),
    ("send .add(title: \"back\\\\\")", .complete),
    ("print todos # (unclosed in a comment", .complete),
    ("send .add(\n  title: \"Milk\",\n  priority: 2\n)", .complete),
    ("send .f([1)", .complete),
    ("send .f)", .complete),
    ("send .set([\"a\": (1", .open(closer: ")")),
  ])
  func scansBracketsAndStrings(text: String, expected: InputBalance) {
    #expect(InputBalance(of: text) == expected)
  }
}
