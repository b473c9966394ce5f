import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// `commands N` … `end` (gdb's): the lines a breakpoint runs when it stops. In a script the
/// lines up to `end` are the list; `continue` in it resumes, and the rest of that list is
/// left out, as gdb does.
@MainActor
@Suite struct BreakpointCommandListTests {
  @Test func aBreakpointsCommandsRunWhenItStops() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use counter
      break increment
      commands 1
        print count   # the state before .increment
      end
      .increment
      """)
    #expect(status == .success)
    let text = harness.output.standardOutput
    #expect(text.contains("breakpoint 1 runs 1 command when it stops"))
    let stop = text.firstIndex { $0.hasPrefix("⏸ stopped at breakpoint 1") }
    let printed = text.firstIndex(of: "count = 0")
    #expect(stop != nil && printed != nil && stop! < printed!)
  }

  @Test func continueInACommandListResumesAndEndsTheList() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use counter
      break increment
      commands
        continue
        print step
      end
      .increment
      .increment
      expect count == 2
      """)
    #expect(status == .success)
    let text = harness.output.standardOutput
    #expect(text.filter { $0.hasPrefix("⏸ stopped at breakpoint 1") }.count == 2)
    #expect(!text.contains { $0.hasPrefix("step = ") })
  }

  @Test func anEmptyListRemovesTheCommands() async throws {
    let harness = ScriptRunnerHarness()
    _ = await harness.run(
      """
      use counter
      break increment
      commands 1
        print count
      end
      commands 1
      end
      """)
    #expect(harness.output.standardOutput.contains("breakpoint 1 runs no commands when it stops"))
    #expect(harness.runner.interpreter.debugger.current?.breakpointControl.breakpoints.first?.commands == [])
  }

  @Test func aLineOfAListThatDoesNotParseFailsAtItsLine() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use counter
      break increment
      commands 1
        prnt count
      end
      """, named: "list.sluice")
    #expect(status == .error)
    #expect(harness.output.standardError.first?.hasPrefix("list.sluice:4:3: error: unknown command 'prnt'") == true)
  }

  @Test func aScriptThatEndsInsideAListFails() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use counter
      break increment
      commands 1
        print count
      """, named: "open.sluice")
    #expect(status == .error)
    #expect(harness.output.standardError.first?.hasPrefix("open.sluice:3: error: `commands 1` has no `end`") == true)
  }

  @Test func aListCannotHoldAnotherList() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use counter
      break increment
      commands 1
        commands 1
      end
      """, named: "nested.sluice")
    #expect(status == .error)
    #expect(harness.output.standardError.first?.contains("a `commands` list cannot hold another") == true)
  }

  @Test func aSavedSessionKeepsTheCommands() async throws {
    let folder = try TemporaryFolder()
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use counter
      break increment
      commands 1
        print count
      end
      save \(folder.url.path)/counter.session
      delete
      load \(folder.url.path)/counter.session
      """)
    #expect(status == .success)
    #expect(harness.runner.interpreter.debugger.current?.breakpointControl.breakpoints.first?.commands == ["print count"])
  }
}
