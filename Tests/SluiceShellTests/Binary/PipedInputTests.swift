import Foundation
import Testing

/// With standard input not a terminal, `sluice` reads lines plainly, with no prompt, and
/// behaves exactly as `sluice run -`.
@Suite struct PipedInputTests {
  struct Output: Equatable {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// Runs the binary with `input` on a pipe; bounded by `timeout`.
  private func sluice(_ arguments: [String], input: String, timeout: Duration = hangGuard) async throws -> Output {
    let executable = try #require(SluiceOnTerminal.executable, "the sluice binary was not built next to the tests")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_STATE_HOME"] = EditorFixture.temporaryFolder()
    process.environment = environment
    let (standardInput, standardOutput, standardError) = (Pipe(), Pipe(), Pipe())
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError
    let exited = Locked(false)
    process.terminationHandler = { _ in exited.withLock { $0 = true } }
    try process.run()
    let output = Task.detached { standardOutput.fileHandleForReading.readDataToEndOfFile() }
    let errors = Task.detached { standardError.fileHandleForReading.readDataToEndOfFile() }
    standardInput.fileHandleForWriting.write(Data(input.utf8))
    try standardInput.fileHandleForWriting.close()
    let deadline = ContinuousClock.now + timeout
    while !exited.withLock({ $0 }) {
      guard ContinuousClock.now < deadline else {
        process.terminate()
        throw PseudoTerminal.Failure(description: "sluice \(arguments) did not exit within \(timeout)")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    return Output(
      status: process.terminationStatus,
      standardOutput: String(decoding: await output.value, as: UTF8.self),
      standardError: String(decoding: await errors.value, as: UTF8.self))
  }

  @Test(arguments: [
    // Expectations hold: status 0.
    "use todos\n.add(title: \"Milk\")\nexpect todos.count == 1\nlog\nprint todos[0]\n",
    // One fails, the script goes on: status 1.
    ".increment\nexpect count == 5\n.setStep(3)\n.increment\nexpect count == 4\nstate\n",
    // A line that does not parse stops it: status 2.
    ".increment\nfrobnicate\nprint count\n",
    // Comments, blank lines, time and a stop at a breakpoint.
    "# counter\n\nbreak increment\n.increment\nstep\ncontinue\nquit\nprint count\n",
  ])
  func pipedInputRunsLikeSluiceRunDash(script: String) async throws {
    let shell = try await sluice([], input: script)
    let run = try await sluice(["run", "-"], input: script)
    #expect(shell == run)
    #expect(!shell.standardOutput.contains("(sluice"))  // No prompt.
  }

  @Test func optionsApplyToPipedInput() async throws {
    let script = "use search\n.queryChanged(\"ada\")\nadvance 300ms\nexpect query == \"ada\"\n"
    let shell = try await sluice(["--virtual-clock"], input: script)
    let run = try await sluice(["run", "--virtual-clock", "-"], input: script)
    #expect(shell == run)
    #expect(shell.status == 0, "\(shell.standardError)")
  }
}
