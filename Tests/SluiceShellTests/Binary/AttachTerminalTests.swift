import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `sluice attach` on a real pseudo-terminal, attached to the example HTTP service.
extension TerminalTests {
  @Suite struct AttachTerminalTests {
    @Test func theAttachedShellCompletesEditsAndRemembersAsTheShellDoes() async throws {
      let service = try AttachableService()
      defer { service.stop() }
      let sluice = try await SluiceOnTerminal(["attach", service.socket, "--store", "checkout"])
      defer { sluice.close() }
      try await sluice.terminal.waitForCursorLine("(sluice@sluice-attach-example checkout)")
      // Tab completes the program's own action cases and state paths, asked of its agent.
      sluice.type(".add\t")
      try await sluice.terminal.waitForCursorLine("(sluice@sluice-attach-example checkout) .addItem(")
      sluice.type("\u{15}print ite\t")
      try await sluice.terminal.waitForCursorLine("(sluice@sluice-attach-example checkout) print items")
      let screen = try await sluice.run("")
      #expect(screen.lines.contains("items = []"))
      // The prompt shows the program's store paused at a breakpoint.
      try await sluice.run("break checkout")
      try await sluice.run(".checkout", prompt: "(sluice@sluice-attach-example checkout ⏸)")
      // History: the line typed before comes back with the up arrow.
      sluice.type("\u{1B}[A\u{1B}[A\u{1B}[A")
      try await sluice.terminal.waitForCursorLine("(sluice@sluice-attach-example checkout ⏸) print items")
      sluice.type("\u{15}\u{04}")  // Ctrl-U, Ctrl-D: detach.
      #expect(try await sluice.waitForExit() == 0)
      let history = try String(contentsOfFile: sluice.stateHome + "/sluice/history", encoding: .utf8)
      // libedit's file format writes a space as \040.
      #expect(history.split(separator: "\n").contains(#"break\040checkout"#))
    }
  }
}

/// `sluice-attach-example`, built beside the tests, with its agent's folder in a temporary
/// one; killed by ``stop()``.
private final class AttachableService {
  let process = Process()
  let socket: String
  private let folder: String

  init() throws {
    folder = EditorFixture.temporaryFolder()
    let executable = try #require(
      SluiceOnTerminal.executable.map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("sluice-attach-example") },
      "the sluice binary was not built next to the tests")
    process.executableURL = executable
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = folder
    environment["XDG_RUNTIME_DIR"] = ""
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // "ready pid PID socket PATH http PORT": one line, once it listens.
    var line = Data()
    while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 10 {
      line.append(first)
    }
    let words = String(decoding: line, as: UTF8.self).split(separator: " ").map(String.init)
    guard words.count >= 5, words[0] == "ready" else {
      process.terminate()
      throw PseudoTerminal.Failure(description: "the example service said \(words.joined(separator: " "))")
    }
    socket = words[4]
  }

  func stop() {
    process.terminate()
    process.waitUntilExit()
    try? FileManager.default.removeItem(atPath: folder)
  }
}
