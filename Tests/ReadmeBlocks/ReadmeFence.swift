import Foundation

/// A fenced block of the package's README, or of a reference article README links to: the
/// one reading of their blocks that the tests checking them (`ReadmeCodeBlockTests`,
/// `ReadmeTranscriptTests`) share. The blocks follow the text wherever it goes.
package struct ReadmeFence: Sendable {
  /// The file it is in, from the package's root: `README.md`, or an article.
  package let file: String
  /// The file's line number of the opening fence.
  package let line: Int
  /// What follows the opening backticks: `swift`, `text`, or nothing.
  package let language: String
  /// The lines between the fences.
  package let lines: [String]

  /// The package's root, found from this file's place in it.
  package static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// README, and the reference articles its text moved into: every block in them is checked.
  package static let documents = [
    "README.md",
    "Sources/Sluice/Sluice.docc/AddingTheDebugger.md",
    "Sources/Sluice/Sluice.docc/TheRuntimeInDepth.md",
    "Sources/Sluice/Sluice.docc/DebuggerCommands.md",
    "Sources/Sluice/Sluice.docc/AttachingInDepth.md",
    "Sources/Sluice/Sluice.docc/ScriptingInDepth.md",
    "Sources/Sluice/Sluice.docc/PerformanceAndFuzzing.md",
  ]

  /// README.
  package static var readme: URL { root.appendingPathComponent("README.md") }

  /// `README.md line 12`: where the block is, for messages.
  package var place: String { "\(file) line \(line)" }

  /// Every fenced block of README and its articles, in order.
  package static func all() throws -> [ReadmeFence] {
    try documents.flatMap { try fences(in: $0) }
  }

  /// The text of README and its articles, one after the other: what tests that look for a
  /// passage read, wherever it went.
  package static func documentation() throws -> String {
    try documents.map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
  }

  /// Every fenced block of `file`, in order.
  private static func fences(in file: String) throws -> [ReadmeFence] {
    let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).components(separatedBy: "\n")
    var fences: [ReadmeFence] = []
    var index = 0
    while index < lines.count {
      guard lines[index].hasPrefix("```") else {
        index += 1
        continue
      }
      let opening = index
      var body: [String] = []
      index += 1
      while index < lines.count, !lines[index].hasPrefix("```") {
        body.append(lines[index])
        index += 1
      }
      index += 1
      fences.append(ReadmeFence(file: file, line: opening + 1, language: String(lines[opening].dropFirst(3)), lines: body))
    }
    return fences
  }
}
