import Testing

/// Bad input gets one clear error line, and the shell goes on to the next command.
@MainActor
@Suite struct BadInputTests {
  @Test(arguments: [
    (["frobnicate"], "unknown command 'frobnicate'"),
    (["di"], "ambiguous command 'di'"),
    (["send .add(title: \"Milk)", ""], "unterminated string"),
    (["send .setStep(3]"], "error: "),
    (["st\u{0}\u{1}ate"], "control character U+0000 at column 3"),
    ([String(repeating: "a", count: 1_048_576)], "the command is 1048576 characters long"),
    (["print co\u{FFFD}unt"], "not valid UTF-8"),
    (["load /nonexistent/session.json"], "/nonexistent/session.json"),
    (["source /nonexistent/script.sluice"], "cannot read /nonexistent/script.sluice"),
    (["save /nonexistent/folder/session.json"], "/nonexistent/folder"),
    ([".incremnet"], "incremnet"),
    ([".setStep(\"three\")"], "setStep"),
    (["jump"], "jump"),
    (["jump abc"], "abc"),
    (["jump 99"], "no history entry 99"),
    (["use countr"], "did you mean 'counter'"),
    (["print nothing.here"], "nothing"),
    (["set diff loud"], "loud"),
    (["step"], "not paused"),
    (["delete 42"], "42"),
    (["advance 1s"], "virtual time"),
    (["wait soon"], "soon"),
    (["expect count = 1"], "expected PATH OP VALUE"),
    (["{\"increment\": "], "error: "),
    (["help frobnicate"], "unknown command 'frobnicate'"),
  ])
  func oneErrorLineAndTheShellGoesOn(inputs: [String], message: String) async {
    let run = await ShellFixture.run(inputs + ["print count"])
    let errors = run.lines.filter { $0.hasPrefix("error:") }
    #expect(errors.count == 1, "\(inputs.first!.prefix(40)): \(run.output.suffix(2000))")
    #expect(errors.first?.contains(message) == true, "\(errors)")
    // After the error, the next command still runs.
    #expect(run.lines.contains("count = 0"), "\(run.output.suffix(2000))")
    #expect(run.status == 0)
  }

  @Test func inputEndingInsideACommandIsOneErrorLine() async {
    let run = await ShellFixture.run(["print count", "send .load(ids: [1, 2"])
    #expect(run.lines.filter { $0.hasPrefix("error:") } == ["error: input ended inside an unfinished command (a '[' is still open)"])
    #expect(run.status == 0)
  }
}
