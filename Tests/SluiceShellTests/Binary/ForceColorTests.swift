import CTestTerminal
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension TerminalTests {
  /// `FORCE_COLOR` colors output that is not a terminal (`sluice > log` typed on a terminal),
  /// and `NO_COLOR` wins over it, through the real binary.
  @Suite struct ForceColorTests {
    /// Runs `sluice --feature counter` with its input on a terminal and its output in a
    /// file, types `.increment` and `quit` twice, and returns what it wrote.
    private func outputRedirected(environment extra: [String]) async throws -> String {
      let executable = try #require(SluiceOnTerminal.executable, "the sluice binary was not built next to the tests")
      let terminal = try PseudoTerminal(columns: 100, rows: 40)
      defer { terminal.close() }
      let folder = EditorFixture.temporaryFolder()
      let file = folder + "/out.txt"
      let environment = ["TERM=xterm", "LANG=C.UTF-8", "HOME=\(folder)", "XDG_STATE_HOME=\(folder)", "PATH=/usr/bin:/bin"] + extra
      let arguments = ["/bin/sh", "-c", #"exec "$0" --feature counter > "$1""#, executable, file]
      let argv = arguments.map { strdup($0) } + [nil]
      let envp = environment.map { strdup($0) } + [nil]
      let child = sluice_test_spawn_on_terminal("/bin/sh", argv, envp, terminal.devicePath)
      argv.forEach { free($0) }
      envp.forEach { free($0) }
      #expect(child > 0)
      terminal.send(".increment\rquit\rquit\r")
      let deadline = ContinuousClock.now + hangGuard
      var status: Int32 = 0
      while waitpid(child, &status, WNOHANG) != child {
        guard ContinuousClock.now < deadline else {
          kill(child, SIGKILL)
          Issue.record("sluice did not leave")
          break
        }
        try await Task.sleep(for: .milliseconds(10))
      }
      return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    @Test func forceColorColorsRedirectedOutputAndNoColorWins() async throws {
      let forced = try await outputRedirected(environment: ["FORCE_COLOR=1"])
      #expect(forced.contains(".increment  ← user"), "\(forced)")
      #expect(forced.contains("\u{1B}[1m#1\u{1B}[0m"), "FORCE_COLOR did not color: \(forced)")

      let plain = try await outputRedirected(environment: [])
      #expect(plain.contains("#1 .increment"))
      #expect(!plain.contains("\u{1B}["), "colors without FORCE_COLOR on a file")

      let refused = try await outputRedirected(environment: ["FORCE_COLOR=1", "NO_COLOR=1"])
      #expect(refused.contains("#1 .increment"))
      #expect(!refused.contains("\u{1B}["), "NO_COLOR must win over FORCE_COLOR")
    }
  }
}
