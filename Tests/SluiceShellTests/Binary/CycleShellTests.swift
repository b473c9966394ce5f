import Foundation
import Testing

/// A runaway loop in the interactive shell, on a real pseudo-terminal: the shell pauses at
/// the first warning, reports the cycle once with the jobs that close it, and `bt`,
/// `info cycles` and `reset` work from there; under the warn policy Ctrl-C stops it.
extension TerminalTests {
  @Suite struct CycleShellTests {
    @Test func theShellPausesAtTheFirstWarningAndExplainsTheCycle() async throws {
      let sluice = try await SluiceOnTerminal(["--feature", "pingpong"])
      defer { sluice.close() }
      try await sluice.run("set diff off")
      sluice.type(".ping\r")
      let paused = try await sluice.terminal.waitForScreen(timeout: .seconds(20), "the pause at the cycle") {
        $0.cursorLine.hasPrefix("(sluice pingpong ⏸)") && $0.lines.contains { $0.hasPrefix("⏸ stopped") }
      }
      #expect(paused.lines.filter { $0.contains("cycle detected") }.count == 1)
      #expect(paused.lines.contains { $0.contains(".ping →(effect 'send pong')→ .pong →(effect 'send ping')→ .ping") })

      let cycles = try await sluice.run("info cycles")
      #expect(cycles.lines.contains { $0.hasPrefix("⚠ .ping → .pong → .ping: seen 1 time") || $0.hasPrefix("⚠ .pong → .ping → .pong: seen 1 time") })

      let backtrace = try await sluice.run("bt")
      #expect(backtrace.lines.contains { $0.contains("frames elided") })
      #expect(backtrace.lines.contains { $0.contains(".ping") && $0.hasSuffix("(root)") })

      let reset = try await sluice.run("reset")
      #expect(reset.lines.contains("✗ dropped .pong: reset abandoned the timeline it belonged to"))
      let counts = try await sluice.run("print pings")
      #expect(counts.lines.contains("pings = 0"))
    }

    @Test func controlCStopsALoopRunningUnderTheWarnPolicy() async throws {
      let sluice = try await SluiceOnTerminal(["--feature", "pingpong", "--cycle-policy", "warn"])
      defer { sluice.close() }
      try await sluice.run("set diff off")
      sluice.type(".ping\r")
      try await sluice.terminal.waitForScreen(timeout: .seconds(20), "the loop's warning") {
        $0.lines.contains { $0.contains("cycle detected") }
      }
      sluice.type("\u{03}")  // Ctrl-C on an empty line pauses the running store.
      let paused = try await sluice.terminal.waitForScreen(timeout: .seconds(10), "the pause") {
        $0.cursorLine.hasPrefix("(sluice pingpong ⏸)")
      }
      #expect(paused.lines.filter { $0.contains("cycle detected") }.count == 1)
      let backtrace = try await sluice.run("bt")
      #expect(backtrace.lines.contains { $0.hasSuffix("(root)") || $0.hasPrefix("0: .p") })
    }
  }
}
