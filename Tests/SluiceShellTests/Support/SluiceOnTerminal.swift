import CTestTerminal
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built `sluice` binary running on a pseudo-terminal, as a person would run it: the
/// test types keys and reads the screen. Its history goes to a folder of its own.
final class SluiceOnTerminal {
  let terminal: PseudoTerminal
  let processID: pid_t
  /// `XDG_STATE_HOME` for the run: pass it to a second run to share history.
  let stateHome: String
  private var exitStatus: Int32?

  /// The binary, beside the test bundle (this target depends on the executable).
  static var executable: String? {
    var candidates: [String] = []
    if let bundle = Bundle.main.executableURL {
      candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("sluice").path)
    }
    candidates.append(
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("sluice").path)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Starts `sluice arguments` and waits for its first prompt.
  init(
    _ arguments: [String] = [], stateHome: String? = nil, colors: Bool = false, columns: Int = 100,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let executable = try #require(Self.executable, "the sluice binary was not built next to the tests")
    terminal = try PseudoTerminal(columns: columns, rows: 40)
    self.stateHome = stateHome ?? EditorFixture.temporaryFolder()
    var environment = [
      "TERM=xterm", "LANG=C.UTF-8", "HOME=\(self.stateHome)", "XDG_STATE_HOME=\(self.stateHome)",
      "PATH=/usr/bin:/bin",
    ]
    if !colors { environment.append("NO_COLOR=1") }
    processID = Self.spawn(executable, arguments: [executable] + arguments, environment: environment, on: terminal.devicePath)
    guard processID > 0 else { throw PseudoTerminal.Failure(description: "cannot start \(executable): errno \(errno)") }
    do {
      try await terminal.waitForScreen(timeout: hangGuard, "the first prompt", sourceLocation: sourceLocation) {
        $0.cursorLine.hasPrefix("(sluice")
      }
    } catch {
      // No caller holds this run to close it: end it here, or it outlives the test.
      close()
      throw error
    }
  }

  private static func spawn(_ program: String, arguments: [String], environment: [String], on device: String) -> pid_t {
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    return sluice_test_spawn_on_terminal(program, argv, envp, device)
  }

  /// Types `keys`.
  func type(_ keys: String) {
    terminal.send(keys)
  }

  /// Types `command` and Enter, then waits for the next prompt under it.
  @discardableResult
  func run(
    _ command: String, prompt: String = "(sluice", timeout: Duration = hangGuard,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> TerminalScreen {
    let before = terminal.screen.lines.count
    type(command + "\r")
    return try await terminal.waitForScreen(timeout: timeout, "a prompt after `\(command)`", sourceLocation: sourceLocation) {
      $0.lines.count > before && $0.cursorLine.hasPrefix(prompt)
    }
  }

  /// Waits until the terminal turns keys like Ctrl-C into signals again: the line editor
  /// has handed the terminal back, and a command runs.
  func waitForTerminalSignals(timeout: Duration = hangGuard, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    let device = try terminal.openDevice()
    defer { Glibc.close(device) }
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      var settings = termios()
      if tcgetattr(device, &settings) == 0, settings.c_lflag & tcflag_t(ISIG) != 0 { return }
      try await Task.sleep(for: .milliseconds(5))
    }
    let failure = PseudoTerminal.Failure(description: "the terminal never left the line editor's mode")
    Issue.record(failure, sourceLocation: sourceLocation)
    throw failure
  }

  /// Waits for the process to end; fails (and kills it) after `timeout`.
  func waitForExit(timeout: Duration = hangGuard, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> Int32
  {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      var status: Int32 = 0
      let result = waitpid(processID, &status, WNOHANG)
      if result == processID {
        // WIFEXITED / WEXITSTATUS, spelled out: the macros do not reach Swift.
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = code
        return code
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    let failure = PseudoTerminal.Failure(description: "sluice did not exit within \(timeout); the screen:\n\(terminal.screen)")
    Issue.record(failure, sourceLocation: sourceLocation)
    throw failure
  }

  /// Ends the process if it still runs, and closes the terminal.
  func close() {
    if exitStatus == nil {
      kill(processID, SIGKILL)
      var status: Int32 = 0
      waitpid(processID, &status, 0)
    }
    terminal.close()
  }
}
