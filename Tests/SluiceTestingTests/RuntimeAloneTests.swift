import Foundation
import Testing

/// `SluiceTesting` is for any platform's test target: its sources import the runtime, the
/// test store's clocks and value dumps, and the toolchain's own modules, never the debugger
/// (which `SluiceDebuggerTesting` brings), and its manifest entry depends on nothing more.
@Suite struct RuntimeAloneTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let allowed: Set = ["Sluice", "Clocks", "CustomDump", "Testing", "Foundation", "Synchronization"]

  @Test func theTestStoreImportsTheRuntimeAlone() throws {
    let folder = Self.root.appendingPathComponent("Sources/SluiceTesting")
    let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    #expect(files.contains("TestStore.swift"))
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal"].contains($0) })
        else { continue }
        let module = String(words[index + 1])
        #expect(Self.allowed.contains(module), "Sources/SluiceTesting/\(file) imports \(module)")
      }
    }
  }

  @Test func itsManifestEntryDependsOnTheRuntimeAlone() throws {
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let start = try #require(manifest.range(of: "name: \"SluiceTesting\",\n      dependencies: ["))
    let end = try #require(manifest[start.upperBound...].range(of: "\n      ]"))
    let dependencies = manifest[start.upperBound..<end.lowerBound]
    for module in ["SluiceDebugger", "SluiceReporting", "SluiceScriptOptions", "ArgumentParser", "NIO", "Hummingbird"] {
      #expect(!dependencies.contains(module), "SluiceTesting depends on \(module)")
    }
    #expect(dependencies.contains("\"Sluice\""))
  }
}
