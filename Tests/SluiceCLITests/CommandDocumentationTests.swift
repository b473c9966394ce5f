import Foundation
import SluiceDebugger
import Testing

/// Done when of issue 27: every command of the table is described in the command reference
/// README links to (the article `DebuggerCommands`) and in the manual page.
@Suite("Every command is documented")
struct CommandDocumentationTests {
  /// The command reference's `## Command reference`, up to the next heading.
  private func readmeReference() throws -> String {
    let article = SluiceProcess.packageRoot.appendingPathComponent("Sources/Sluice/Sluice.docc/DebuggerCommands.md")
    let readme = try String(contentsOf: article, encoding: .utf8)
    let start = try #require(readme.range(of: "\n## Command reference\n"), "DebuggerCommands.md has no command reference")
    let rest = readme[start.upperBound...]
    return String(rest[..<(rest.range(of: "\n#")?.lowerBound ?? rest.endIndex)])
  }

  @Test func everyCommandIsInReadmesCommandReference() throws {
    let reference = try readmeReference()
    // The first cell of each row: the commands it describes, each in backticks.
    let cells = reference.split(separator: "\n").filter { $0.hasPrefix("| `") }
      .map { $0.dropFirst(2).components(separatedBy: " | ")[0] }
    for word in CommandTable.standard.words {
      #expect(
        cells.contains { $0.contains("`\(word.name) ") || $0.contains("`\(word.name)`") },
        "README's command reference lacks \(word.name)")
    }
  }

  @Test func everyCommandIsInTheManualPage() async throws {
    let manual = try await SluiceProcess.run(["manual"])
    let lines = manual.outputLines
    for word in CommandTable.standard.words {
      let bold = "\\fB" + word.name.replacingOccurrences(of: "-", with: "\\-")
      #expect(
        zip(lines, lines.dropFirst()).contains { $0 == ".TP" && $1.hasPrefix(bold) },
        "the manual page lacks \(word.name)")
    }
  }
}
