import Foundation
import SluiceDebugger
import Testing

/// Done when of issue 27: every command of the table is described in README's command
/// reference and in the manual page.
@Suite("Every command is documented")
struct CommandDocumentationTests {
  /// README's `### Command reference`, up to the next heading.
  private func readmeReference() throws -> String {
    let readme = try String(contentsOf: SluiceProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "\n### Command reference\n"), "README has no command reference")
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
