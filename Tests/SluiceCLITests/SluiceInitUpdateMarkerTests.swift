import Foundation
import SluiceInit
import Testing

/// Where `sluice-init --update` may write in the registry file: only at markers that are
/// comments of its code. A copy of a marker in a block comment or a string literal marks
/// nothing, and a file that does not parse is refused at its error; either way nothing is
/// written.
@Suite struct SluiceInitUpdateMarkerTests {
  typealias Package = SluiceInitPackageTests.Package

  static let begin = "// sluice-init: begin registrations"
  static let end = "// sluice-init: end registrations"

  /// The registry with `change` made, and what `--update` then says, the files unchanged.
  static func refusal(_ change: (String) -> String) throws -> (message: String, registry: String, path: String) {
    let (package, registry) = try SluiceInitUpdateTests.packageWithANewFeature()
    let text = change(try String(contentsOf: registry, encoding: .utf8))
    try Data(text.utf8).write(to: registry)
    let before = (try package.bytes(registry), try package.bytes())
    let error = #expect(throws: ManifestEditor.Failure.self) { try SluiceInitUpdateTests.update(package) }
    #expect(try package.bytes(registry) == before.0)
    #expect(try package.bytes() == before.1)
    return (error?.description ?? "", text, registry.path)
  }

  /// The 1-based number of the first line of `text` that is `line` alone, after `skipping` such lines.
  static func number(of line: String, in text: String, skipping: Int = 0) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let found = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces) == line }
    return found.count > skipping ? found[skipping] + 1 : 0
  }

  @Test func anEndMarkerOnlyInABlockCommentIsRefusedThere() throws {
    let (message, text, path) = try Self.refusal {
      $0.replacingOccurrences(of: "  \(Self.end)\n", with: "  /* retired:\n  \(Self.end)\n  */\n")
    }
    let line = Self.number(of: Self.end, in: text)
    #expect(message.hasPrefix("\(path):\(line):1: error: this `\(Self.end)` line is inside a block comment or a string literal"), "\(message)")
  }

  @Test func markersOnlyInAStringLiteralAreRefusedThere() throws {
    let (message, text, path) = try Self.refusal {
      $0.replacingOccurrences(of: "  \(Self.begin)\n", with: "").replacingOccurrences(of: "  \(Self.end)\n", with: "")
        + "let note = \"\"\"\n\(Self.begin)\n\(Self.end)\n\"\"\"\n"
    }
    let line = Self.number(of: Self.begin, in: text)
    #expect(message.hasPrefix("\(path):\(line):1: error: this `\(Self.begin)` line is inside"), "\(message)")
  }

  @Test func copiesInACommentBesideTheRealMarkersAreLeftAlone() throws {
    let (package, registry) = try SluiceInitUpdateTests.packageWithANewFeature()
    let copies = "/* The markers look like this:\n\(Self.begin)\n\(Self.end)\n*/\n"
    let text = copies + (try String(contentsOf: registry, encoding: .utf8))
    try Data(text.utf8).write(to: registry)
    _ = try SluiceInitUpdateTests.update(package)
    let updated = try String(contentsOf: registry, encoding: .utf8)
    #expect(updated.hasPrefix(copies), "\(updated)")
    #expect(updated.contains("// sluice-init: feature todos\n"), "\(updated)")
    #expect(updated.contains("reducer: { _ in Todos() }),\n  \(Self.end)\n], importedAs:"), "\(updated)")
  }

  @Test func aRegistryThatDoesNotParseIsRefusedAtItsError() throws {
    let (message, _, path) = try Self.refusal { $0 + "\nlet broken = (\n" }
    #expect(message.hasPrefix("\(path):"), "\(message)")
    #expect(message.contains(": error: ") && message.contains("sluice-init --update adds only to a file that parses"), "\(message)")
  }
}
