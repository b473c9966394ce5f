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
      let paused = try await sluice.terminal.waitForScreen(timeout: hangGuard, "the pause at the cycle") {
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
      try await sluice.terminal.waitForScreen(timeout: hangGuard, "the loop's warning") {
        $0.lines.contains { $0.contains("cycle detected") }
      }
      sluice.type("\u{03}")  // Ctrl-C on an empty line pauses the running store.
      let paused = try await sluice.terminal.waitForScreen(timeout: hangGuard, "the pause") {
        $0.cursorLine.hasPrefix("(sluice pingpong ⏸)")
      }
      #expect(paused.lines.filter { $0.contains("cycle detected") }.count == 1)
      let backtrace = try await sluice.run("bt")
      #expect(backtrace.lines.contains { $0.hasSuffix("(root)") || $0.hasPrefix("0: .p") })
    }

    /// Issue 27: under `--cycle-policy warn` the shell printed `⚠ cycle … seen N times` every
    /// time the detector fired again (every 20 repeats), where README promises one line and
    /// a count: the warning once, then the count once, when the loop pauses.
    @Test func aLoopUnderTheWarnPolicyShowsOneWarningAndThenOneCount() async throws {
      let sluice = try await SluiceOnTerminal(["--feature", "pingpong", "--cycle-policy", "warn"])
      defer { sluice.close() }
      try await sluice.run("set diff off")
      sluice.type(".ping\r")
      // 400 hops of 10 ms: the detector fires again every 21 pings, many times over.
      try await sluice.terminal.waitForScreen(timeout: hangGuard, "400 hops") {
        $0.lines.contains { $0.hasPrefix("#400 ") }
      }
      let running = sluice.terminal.screen.lines
      #expect(running.filter { $0.contains("cycle detected") }.count == 1)
      #expect(!running.contains { $0.hasPrefix("⚠ cycle .") }, "no count while the loop runs")

      sluice.type("\u{03}")  // Ctrl-C on an empty line pauses the running store.
      let paused = try await sluice.terminal.waitForScreen(timeout: hangGuard, "the pause and the count") {
        $0.cursorLine.hasPrefix("(sluice pingpong ⏸)") && $0.lines.contains { $0.hasPrefix("⚠ cycle .") }
      }
      let counts = paused.lines.filter { $0.hasPrefix("⚠ cycle .") }
      #expect(counts.count == 1)
      let count = counts.first.flatMap { $0.split(separator: " ").dropLast().last }.flatMap { Int($0.filter(\.isNumber)) }
      #expect((count ?? 0) > 5, "the count covers every repeat: \(counts)")
      #expect(paused.lines.filter { $0.contains("cycle detected") }.count == 1)
    }
  }
}
