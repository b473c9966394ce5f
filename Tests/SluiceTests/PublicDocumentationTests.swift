import Foundation
import Testing

/// Every public symbol has a doc comment: each `public` or `open` declaration in `Sources/`
/// is preceded by `///` (attributes in between are fine). The one exception is a member that
/// implements a standard-library protocol requirement (`==`, `description`, `hash(into:)`,
/// `Codable`, clocks, coding keys…), which DocC documents from the protocol.
@Suite struct PublicDocumentationTests {
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// Declarations whose documentation the standard library's protocols give.
  static let inherited = [
    "func ==", "func <", "func hash(", "var description", "var debugDescription", "init(from decoder",
    "func encode(to", "var hashValue", "func makeIterator", "func next(", "var startIndex", "var endIndex",
    "subscript", "func index(after", "func advanced(by", "func duration(to", "var id:", "func sleep(until",
    "var now:", "var minimumResolution", "init(argument", "static var allCases", "func makeAsyncIterator",
    "init(stringValue", "init?(stringValue", "init?(intValue", "var stringValue", "var intValue",
    "init(integerLiteral", "init(stringLiteral", "init(arrayLiteral",
  ]

  @Test func everyPublicDeclarationHasADocComment() throws {
    let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(files.count > 100, "the sources were not found at \(Self.sources.path)")
    var undocumented: [String] = []
    for file in files {
      let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      let lines = text.components(separatedBy: "\n")
      for (number, line) in lines.enumerated() {
        let declaration = line.trimmingCharacters(in: .whitespaces)
        guard Self.isPublicDeclaration(declaration), !Self.inherited.contains(where: declaration.contains) else { continue }
        var above = number - 1
        while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
        let comment = above >= 0 ? lines[above].trimmingCharacters(in: .whitespaces) : ""
        if !comment.hasPrefix("///"), !comment.hasSuffix("*/") {
          undocumented.append("Sources/\(file):\(number + 1): \(declaration)")
        }
      }
    }
    #expect(undocumented.isEmpty, "public declarations without a doc comment:\n\(undocumented.joined(separator: "\n"))")
  }

  /// `public func …`, `@MainActor public final class …`; not `public extension` or `public import`.
  static func isPublicDeclaration(_ line: String) -> Bool {
    var words = line.split(separator: " ")[...]
    while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
    guard let first = words.first, first == "public" || first == "open" else { return false }
    let next = words.dropFirst().first ?? ""
    return next != "extension" && next != "import"
  }
}
