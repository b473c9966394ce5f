import Foundation

/// A fenced block of the package's README: the one reading of README's blocks that the
/// tests checking them (`ReadmeCodeBlockTests`, `ReadmeTranscriptTests`) share.
package struct ReadmeFence: Sendable {
  /// README's line number of the opening fence.
  package let line: Int
  /// What follows the opening backticks: `swift`, `text`, or nothing.
  package let language: String
  /// The lines between the fences.
  package let lines: [String]

  /// README, found from this file's place in the package.
  package static let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("README.md")

  /// Every fenced block of README, in order.
  package static func all() throws -> [ReadmeFence] {
    let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
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
      fences.append(ReadmeFence(line: opening + 1, language: String(lines[opening].dropFirst(3)), lines: body))
    }
    return fences
  }
}
