import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// `save breakpoints FILE` (gdb's) writes the breakpoints as a script; `source FILE` makes
/// them again, with their conditions, command lists, ignore counts and enabled state.
@MainActor
@Suite struct SaveBreakpointsTests {
  @Test func savedBreakpointsAreRestoredBySource() async throws {
    let folder = try TemporaryFolder()
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use counter
      break increment if count > 1
      commands
        print count
        continue
      end
      tbreak decrement
      ignore 2 3
      watch step
      disable 3
      break job *
      break cycle
      save breakpoints \(folder.url.path)/counter.breakpoints
      """)
    #expect(status == .success)
    let session = try #require(harness.runner.interpreter.debugger.current)
    let saved = session.breakpointControl.breakpoints

    let restored = ScriptRunnerHarness()
    let restoredStatus = await restored.run(
      """
      use counter
      source \(folder.url.path)/counter.breakpoints
      """)
    #expect(restoredStatus == .success)
    let again = try #require(restored.runner.interpreter.debugger.current).breakpointControl.breakpoints
    #expect(again.map(\.kind) == saved.map(\.kind))
    #expect(again.map(\.commands) == [["print count", "continue"], [], [], [], []])
    #expect(again.map(\.isOneShot) == saved.map(\.isOneShot))
    #expect(again.map(\.ignoreCount) == [0, 3, 0, 0, 0])
    #expect(again.map(\.isEnabled) == [true, true, false, true, true])
  }

  @Test func sourcingSavedBreakpointsAddsThemAfterTheOnesThere() async throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("b.sluice").path
    let harness = ScriptRunnerHarness()
    let status = await harness.run(
      """
      use counter
      break increment
      disable 1
      save breakpoints \(file)
      source \(file)
      """)
    #expect(status == .success)
    // `disable $bpnum` in the file disabled the breakpoint it made, not breakpoint 1 again.
    let breakpoints = try #require(harness.runner.interpreter.debugger.current).breakpointControl.breakpoints
    #expect(breakpoints.map(\.id) == [1, 2])
    #expect(breakpoints.map(\.isEnabled) == [false, false])
  }

  @Test func saveBreakpointsRefusesASymbolicLink() async throws {
    let folder = try TemporaryFolder()
    let target = try folder.write("target.txt", "keep me\n")
    let link = folder.url.appendingPathComponent("link.sluice").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let harness = try InterpreterHarness(feature: "counter")
    try await harness.result("break increment")
    let error = try await harness.error("save breakpoints \(link)")
    #expect(error.message.contains("symbolic link"))
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
  }

  @Test func saveBreakpointsWithoutAFileSaysHowToNameOneCalledBreakpoints() throws {
    #expect(try CommandParserErrors.message(of: "save breakpoints").contains("write ./breakpoints"))
    #expect(try CommandParser().parse("save ./breakpoints") == .save(path: "./breakpoints"))
    #expect(try CommandParser().parse(#"save breakpoints "my file""#) == .saveBreakpoints(path: "my file"))
  }
}
