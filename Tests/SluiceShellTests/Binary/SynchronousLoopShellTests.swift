import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 45: a loop that never leaves `send` (`echo`: `.ping` and `.pong` `.send` each
/// other, no job between) kept the main actor for good. Under `warn`, or with the detector
/// off, nothing was printed after the first action, Ctrl-C showed `^C^C` and did nothing,
/// SIGTERM did nothing. Now the warning appears while the loop runs, Ctrl-C pauses it
/// between two actions and gives the prompt back, and SIGTERM ends the process.
extension TerminalTests {
  @Suite struct SynchronousLoopShellTests {
    /// `sluice` on `echo` under `policy`; `off` is `warn` with both signals off.
    static func arguments(_ policy: String) -> [String] {
      let detector = policy == "off" ? ["warn", "--cycle-limit", "off", "--cycle-depth", "off"] : [policy]
      return ["--feature", "echo", "--cycle-policy"] + detector
    }

    /// Starts the loop and waits until it runs: the command holds the terminal (Ctrl-C is a
    /// signal again) and, with a detector, the warning is on the screen, before any Ctrl-C.
    private func startLoop(_ policy: String) async throws -> SluiceOnTerminal {
      let sluice = try await SluiceOnTerminal(Self.arguments(policy))
      try await sluice.run("set diff off")
      sluice.type(".ping\r")
      try await sluice.waitForTerminalSignals()
      if policy == "warn" {
        let running = try await sluice.terminal.waitForScreen(timeout: hangGuard, "the warning while the loop runs") {
          $0.lines.contains { $0.contains("cycle detected") }
        }
        #expect(running.lines.filter { $0.contains("cycle detected") }.count == 1)
      }
      return sluice
    }

    @Test(arguments: ["warn", "off"])
    func controlCPausesALoopThatNeverLeavesSend(policy: String) async throws {
      let sluice = try await startLoop(policy)
      defer { sluice.close() }
      sluice.type("\u{03}")
      let paused = try await sluice.terminal.waitForScreen(timeout: hangGuard, "the prompt after Ctrl-C") {
        $0.cursorLine.hasPrefix("(sluice echo ⏸)")
      }
      #expect(paused.lines.contains("⏸ paused"))
      let printed = try await sluice.run("print pings")
      #expect(printed.cursorLine.hasPrefix("(sluice echo ⏸)"))
      let pings = try #require(printed.lines.last { $0.hasPrefix("pings = ") })
      // With the detector off nothing shows that the loop runs, so Ctrl-C may come while the
      // line is still on its way to the store: the store pauses before `.ping`, which waits
      // queued. Once the loop ran, the position is shown: the last entries.
      if policy == "warn" || pings != "pings = 0" {
        #expect(paused.lines.contains { $0.hasPrefix("#") && $0.contains(".p") }, "the position: the last entries")
      }
      if policy == "warn" {
        #expect(paused.lines.filter { $0.contains("cycle detected") }.count == 1)
        #expect(paused.lines.filter { $0.hasPrefix("⚠ cycle .") && $0.contains(" seen ") }.count == 1)
      } else {
        #expect(!paused.lines.contains { $0.contains("cycle") })
      }
    }

    @Test(arguments: ["warn", "off"])
    func sigtermEndsTheShellWhileTheLoopRuns(policy: String) async throws {
      let sluice = try await startLoop(policy)
      defer { sluice.close() }
      kill(sluice.processID, SIGTERM)
      // 0: the shell left on its own (the loop paused, the command returned, the read
      // ended), not the forced exit kept for a reducer that never returns.
      #expect(try await sluice.waitForExit() == 0)
    }

    /// Under `pause` and `break` the detector ends the loop by itself: the warning once,
    /// then the prompt, and the shell goes on.
    @Test(arguments: ["pause", "break"])
    func theDetectorEndsTheLoopUnderPauseAndBreak(policy: String) async throws {
      let sluice = try await SluiceOnTerminal(Self.arguments(policy))
      defer { sluice.close() }
      try await sluice.run("set diff off")
      let ended = try await sluice.run(".ping", prompt: policy == "pause" ? "(sluice echo ⏸)" : "(sluice echo)")
      #expect(ended.lines.filter { $0.contains("cycle detected") }.count == 1)
      if policy == "pause" {
        #expect(ended.lines.contains { $0.hasPrefix("⏸ stopped by the cycle detector") })
      } else {
        #expect(ended.lines.contains { $0.hasPrefix("✗ dropped .p") })
      }
      let printed = try await sluice.run("print pongs")
      #expect(printed.lines.contains { $0.hasPrefix("pongs = ") })
      kill(sluice.processID, SIGTERM)
      #expect(try await sluice.waitForExit() == 0)
    }
  }
}
