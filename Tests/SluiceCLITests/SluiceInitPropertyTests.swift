import Foundation
import SluiceInit
import Testing

/// `sluice-init`'s edit over generated manifests and names, every combination: the edited
/// manifest parses and holds exactly two targets more (the registry and the debugger), or the run throws a
/// sentence and the manifest on disk is byte for byte as it was.
@Suite struct SluiceInitPropertyTests {
  /// Changes to `SluiceInitTests.manifest`, each alone and after another.
  static let mutations: [(String, @Sendable (String) -> String)] = [
    ("as is", { $0 }),
    ("CRLF", { $0.replacingOccurrences(of: "\n", with: "\r\n") }),
    ("tabs", { $0.replacingOccurrences(of: "  ", with: "\t") }),
    ("trailing comma", { $0.replacingOccurrences(of: "])  // no trailing comma", with: "]),") }),
    ("comment after last", { $0.replacingOccurrences(of: "\n  ]\n)", with: "\n    // the end\n  ]\n)") }),
    ("unterminated comment", { $0.replacingOccurrences(of: "\n  ]\n)", with: "\n  /* open\n  ]\n)") }),
    ("missing paren", { $0.replacingOccurrences(of: "\n  ]\n)", with: "\n  ]\n") }),
    ("stray tokens", { $0.replacingOccurrences(of: "  ]\n)", with: "  ] ] )\n)") }),
    ("unterminated string", { $0.replacingOccurrences(of: "\"ShopTests\"", with: "\"ShopTests") }),
    ("no targets", { $0.replacingOccurrences(of: "  targets: [", with: "  products: [") }),
    ("one line", { $0.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "// swift-tools-version: 6.0", with: "// swift-tools-version: 6.0\n").replacingOccurrences(of: "// no trailing comma", with: "") }),
    ("quote in package name", { $0.replacingOccurrences(of: "\"MyShop\"", with: #""My\"Shop""#) }),
  ]

  static let names: [String?] = [
    nil, "tool", #"a"b"#, #"a\b"#, "a\nb", "../escape", "a/b", ".", "..", ".hidden", "", "x\u{0}",
    String(repeating: "n", count: 256), "caf\u{E9}", #"\(x)"#, "#", "ShopTests",
  ]

  @Test(arguments: 0..<mutations.count)
  func theManifestGainsExactlyTheTwoTargetsOrIsUnchanged(_ index: Int) throws {
    for (_, second) in Self.mutations.prefix(4) {
      let manifest = second(Self.mutations[index].1(SluiceInitTests.manifest))
      for name in Self.names {
        let package = try SluiceInitPackageTests.Package(manifest: Array(manifest.utf8))
        do {
          let report = try package.run(targetName: name)
          let edited = String(decoding: try package.bytes(), as: UTF8.self)
          let editor = ManifestEditor(source: edited, path: "Package.swift")
          let before = ManifestEditor(source: manifest, path: "Package.swift")
          #expect(!editor.hasErrors, "\(Self.mutations[index].0) \(String(describing: name)): \(edited)")
          #expect(editor.targetCount == before.targetCount + 2, "\(Self.mutations[index].0) \(String(describing: name))")
          #expect(report.output.count == 3)
        } catch {
          #expect(try package.bytes() == Array(manifest.utf8), "\(Self.mutations[index].0) \(String(describing: name))")
          #expect(!"\(error)".isEmpty && !"\(error)".contains("Error Domain"), "\(error)")
          #expect(!FileManager.default.fileExists(atPath: package.root.appendingPathComponent("Sources/\(name ?? "")/main.swift").path) || name == nil)
        }
      }
    }
  }
}
