import Foundation
import SluiceDebugger
import SluiceReporting
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

  /// Every line of code (comments left out: they may say what callers do) in the engine's
  /// Swift files, with its file and 1-based number.
  static func codeLines() throws -> [(file: String, number: Int, text: String)] {
    let files = try #require(FileManager.default.enumerator(atPath: engine.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 50)
    return try files.flatMap { file in
      try String(contentsOf: engine.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .filter { !$0.element.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        .map { (file, $0.offset + 1, String($0.element)) }
    }
  }

  @Test func noSourceFileOfTheEngineDoesProcessIOOrNamesACommandLineFlag() throws {
    for line in try Self.codeLines() {
      for word in Self.forbidden where line.text.contains(word) {
        Issue.record("\(line.file):\(line.number) has \(word): \(line.text)")
      }
    }
  }

  /// Status glyphs are presentation: they belong to `SluiceReporting`, where text lines are
  /// made, never to what the engine computes.
  @Test func noTerminalGlyphIsInTheEngine() throws {
    let glyphs = ["⏸", "▶", "✗", "⚠", "✓", "↺", "✔", "✘"]
    for line in try Self.codeLines() {
      for glyph in glyphs where line.text.contains(glyph) {
        Issue.record("\(line.file):\(line.number) has \(glyph): \(line.text)")
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
