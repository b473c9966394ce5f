import Foundation
import SluiceDebugger
import Testing

/// The engine returns values; the process's input and output, and the command line's flags,
/// belong to the shell and the CLI. A build-time promise checked on the source: nothing in
/// `Sources/SluiceDebugger` prints, reads a line, touches the standard file handles, or names
/// a flag of the `sluice` command line.
@Suite struct EngineHasNoIOTests {
  static let engine = packageRoot.appendingPathComponent("Sources/SluiceDebugger")
  static let forbidden = [
    "print(", "debugPrint(", "readLine(", "FileHandle.standardOutput", "FileHandle.standardError",
    "FileHandle.standardInput", "STDOUT_FILENO", "STDIN_FILENO", "fputs(", "--virtual-clock", "--json", "--feature",
    "--no-color", "--cycle-", "--history-",
  ]

  @Test func noSourceFileOfTheEngineDoesProcessIOOrNamesACommandLineFlag() throws {
    let files = try #require(FileManager.default.enumerator(atPath: Self.engine.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 50)
    for file in files {
      let text = try String(contentsOf: Self.engine.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        // Doc comments may describe what callers do with the values.
        guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
        for word in Self.forbidden where line.contains(word) {
          Issue.record("\(file):\(number + 1) has \(word): \(line)")
        }
      }
    }
  }

  /// Status glyphs are presentation: they appear only in `Rendering/`, where the text lines
  /// are made, never in what the engine computes or the runner decides.
  @Test func terminalGlyphsLiveOnlyInRendering() throws {
    let glyphs = ["⏸", "▶", "✗", "⚠", "✓", "↺", "✔", "✘"]
    let files = try #require(FileManager.default.enumerator(atPath: Self.engine.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Rendering/") }
    #expect(files.count > 50)
    for file in files {
      let text = try String(contentsOf: Self.engine.appendingPathComponent(file), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
        for glyph in glyphs where line.contains(glyph) {
          Issue.record("\(file):\(number + 1) has \(glyph) outside Rendering/: \(line)")
        }
      }
    }
  }

  @MainActor
  @Test func standardInputIsOnlyWhatTheCallerHandsTheRunner() async {
    let harness = ScriptRunnerHarness()
    let status = await harness.runner.run(files: ["-"])
    #expect(status == .error)
    #expect(harness.output.standardOutput.isEmpty)
    #expect(harness.output.text == "error: - (standard input) cannot be read here")

    let fed = ScriptRunnerHarness()
    var lines = [".increment", "expect count == 1"]
    fed.runner.standardInputLines = { lines.isEmpty ? nil : lines.removeFirst() }
    #expect(await fed.runner.run(files: ["-"]) == .success)
  }
}
