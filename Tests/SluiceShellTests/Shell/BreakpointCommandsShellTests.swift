import SluiceShell
import Testing

/// `commands N` at the shell reads its list at gdb's `>` prompt, up to `end`, and the list
/// runs when the breakpoint stops.
@MainActor
@Suite struct BreakpointCommandsShellTests {
  @Test func theShellReadsACommandListAtTheGreaterThanPromptAndRunsItAtTheStop() async {
    let run = await ShellFixture.run([
      "use counter", "break increment", "commands", "print count", "prnt step", "continue", "end", ".increment",
      "print count",
    ])
    #expect(run.prompts.filter { $0 == ">" }.count == 4)
    // The line that does not parse is refused and the list goes on.
    #expect(run.output.contains("unknown command 'prnt'"))
    #expect(run.output.contains("breakpoint 1 runs 2 commands when it stops"))
    let lines = run.lines
    let stop = lines.firstIndex { $0.hasPrefix("⏸ stopped at breakpoint 1") }
    let printed = lines.firstIndex(of: "count = 0")
    #expect(stop != nil && printed != nil && stop! < printed!)
    // `continue` in the list let the action run.
    #expect(lines.contains("count = 1"))
  }

  @Test func ctrlCWhileTypingAListLeavesTheCommandsAsTheyWere() async {
    let run = await ShellFixture.run(
      [.line("use counter"), .line("break increment"), .line("commands 1"), .line("print count"),
       .interrupted(discarded: ""), .line("info breakpoints")])
    #expect(run.output.contains("commands not changed"))
    #expect(!run.lines.contains("      print count"))
  }
}
