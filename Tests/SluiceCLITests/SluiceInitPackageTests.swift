import Foundation
import SluiceInit
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sluice-init` in a package folder on disk: it edits the manifest's contents in place
/// (links, mode, byte-order mark and line endings kept), writes both files or neither, and
/// says in a sentence why it will not.
@Suite struct SluiceInitPackageTests {
  /// A package folder with `SluiceInitTests.manifest` and its `Shop` module.
  final class Package {
    let root: URL
    var manifest: URL { root.appendingPathComponent("Package.swift") }
    var mainFolder: URL { root.appendingPathComponent("Sources/my-shop-debugger") }
    var registryFile: URL { root.appendingPathComponent("Sources/MyShopDebuggerRegistry/Features.swift") }

    init(manifest: [UInt8] = Array(SluiceInitTests.manifest.utf8)) throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-init-\(UUID())")
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent("Sources/Shop"), withIntermediateDirectories: true)
      try Data(SluiceInitTests.shop.utf8).write(to: root.appendingPathComponent("Sources/Shop/Shop.swift"))
      try Data(manifest).write(to: self.manifest)
    }

    deinit {
      chmod(root.path, 0o755)
      try? FileManager.default.removeItem(at: root)
    }

    func bytes(_ url: URL? = nil) throws -> [UInt8] { Array(try Data(contentsOf: url ?? manifest)) }

    /// Every file under the root, relative, sorted.
    func files() -> [String] {
      (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
    }

    func run(targetName: String? = nil, writer: SluiceInitRun.ManifestWriter? = nil) throws -> SluiceInitRun.Report {
      var run = SluiceInitRun(packagePath: root.path, targetName: targetName)
      if let writer { run.writeManifest = writer }
      return try run.perform()
    }
  }

  @Test func aSymlinkedManifestStaysALinkAndItsTargetIsEdited() throws {
    let package = try Package()
    let real = package.root.appendingPathComponent("Real.swift")
    try FileManager.default.moveItem(at: package.manifest, to: real)
    try FileManager.default.createSymbolicLink(atPath: package.manifest.path, withDestinationPath: "Real.swift")
    _ = try package.run()
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: package.manifest.path) == "Real.swift")
    #expect(String(decoding: try package.bytes(real), as: UTF8.self).contains("my-shop-debugger"))
  }

  @Test func aHardLinkAndTheModeAreKept() throws {
    let package = try Package()
    let other = package.root.appendingPathComponent("Other.swift")
    #expect(link(package.manifest.path, other.path) == 0)
    chmod(package.manifest.path, 0o600)
    _ = try package.run()
    #expect(try package.bytes(other) == package.bytes())
    var status = stat()
    stat(package.manifest.path, &status)
    #expect(status.st_mode & 0o777 == 0o600)
    #expect(status.st_nlink == 2)
  }

  @Test func aByteOrderMarkAndCRLFLineEndingsAreKept() throws {
    let crlf = SluiceInitTests.manifest.replacingOccurrences(of: "\n", with: "\r\n")
    let package = try Package(manifest: [0xEF, 0xBB, 0xBF] + Array(crlf.utf8))
    _ = try package.run()
    let edited = try package.bytes()
    #expect(edited.starts(with: [0xEF, 0xBB, 0xBF]))
    let text = String(decoding: edited.dropFirst(3), as: UTF8.self)
    #expect(text.contains("my-shop-debugger"))
    #expect(!text.unicodeScalars.indices.contains { index in
      text.unicodeScalars[index] == "\n" && (index == text.unicodeScalars.startIndex || text.unicodeScalars[text.unicodeScalars.index(before: index)] != "\r")
    }, "\(text)")
  }

  @Test func aReadOnlyManifestIsRefusedAndNothingIsWritten() throws {
    let package = try Package()
    chmod(package.manifest.path, 0o444)
    let before = package.files()
    let error = #expect(throws: (any Error).self) { try package.run() }
    #expect("\(error.map { "\($0)" } ?? "")".contains("read-only"), "\(String(describing: error))")
    #expect(package.files() == before)
    #expect(try package.bytes() == Array(SluiceInitTests.manifest.utf8))
  }

  @Test func aManifestThatCannotBeWrittenLeavesNothingBehindAndARerunSucceeds() throws {
    let package = try Package()
    let before = package.files()
    struct DiskFull: Error, CustomStringConvertible { var description: String { "No space left on device" } }
    let error = #expect(throws: (any Error).self) { try package.run(writer: { _, _ in throw DiskFull() }) }
    let message = error.map { "\($0)" } ?? ""
    #expect(message.contains("No space left on device") && !message.contains("Error Domain"), "\(message)")
    #expect(package.files() == before)
    #expect(try package.bytes() == Array(SluiceInitTests.manifest.utf8))
    _ = try package.run()
    #expect(FileManager.default.fileExists(atPath: package.mainFolder.appendingPathComponent("main.swift").path))
    #expect(FileManager.default.fileExists(atPath: package.registryFile.path))
  }

  @Test(arguments: [false, true])
  func aRunInterruptedBeforeTheManifestIsFinishedByTheNextRun(alsoWroteMain: Bool) throws {
    let package = try Package()
    // What a kill between the writes leaves: the registry begun (and main.swift), and the
    // manifest as it was.
    struct Killed: Error {}
    _ = try? package.run(writer: { _, _ in throw Killed() })
    let begun = [
      (package.registryFile, "// Written by sluice-init: the features it found\nimport Sh"),
      (package.mainFolder.appendingPathComponent("main.swift"), "// Written by sluice-init: the debugger on"),
    ]
    for (file, text) in begun.prefix(alsoWroteMain ? 2 : 1) {
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    _ = try package.run()
    let manifest = String(decoding: try package.bytes(), as: UTF8.self)
    #expect(manifest.contains("my-shop-debugger") && manifest.contains("MyShopDebuggerRegistry"))
    #expect(String(decoding: try package.bytes(package.registryFile), as: UTF8.self).contains("Feature(\"cart\""))
    let main = String(decoding: try package.bytes(package.mainFolder.appendingPathComponent("main.swift")), as: UTF8.self)
    #expect(main.contains("await SluiceCommand.main(registry: features)"))
  }

  @Test func aFolderOrAFIFONamedPackageSwiftIsNamedAsSuch() throws {
    let package = try Package()
    try FileManager.default.removeItem(at: package.manifest)
    try FileManager.default.createDirectory(at: package.manifest, withIntermediateDirectories: false)
    let folder = #expect(throws: (any Error).self) { try package.run() }
    #expect("\(folder.map { "\($0)" } ?? "")".contains("is a directory"), "\(String(describing: folder))")
    try FileManager.default.removeItem(at: package.manifest)
    #expect(mkfifo(package.manifest.path, 0o644) == 0)
    let fifo = #expect(throws: (any Error).self) { try package.run() }
    #expect("\(fifo.map { "\($0)" } ?? "")".contains("FIFO"), "\(String(describing: fifo))")
    #expect(!"\(fifo.map { "\($0)" } ?? "")".contains("a Swift package?"))
  }

  @Test func aManifestThatIsNotUTF8IsRefusedAtItsPlace() throws {
    var bytes = Array(SluiceInitTests.manifest.utf8)
    bytes.insert(0xFF, at: Array(SluiceInitTests.manifest.utf8).firstIndex(of: UInt8(ascii: "M"))!)
    let package = try Package(manifest: bytes)
    let error = #expect(throws: (any Error).self) { try package.run() }
    #expect("\(error.map { "\($0)" } ?? "")".contains("Package.swift:5:10: error: "), "\(String(describing: error))")
    #expect("\(error.map { "\($0)" } ?? "")".contains("UTF-8"))
    #expect(try package.bytes() == bytes)
  }

  @Test func aNameTooLongForAFolderIsRefusedBeforeAnythingIsWritten() throws {
    let package = try Package()
    let before = package.files()
    let error = #expect(throws: (any Error).self) { try package.run(targetName: String(repeating: "a", count: 300)) }
    #expect("\(error.map { "\($0)" } ?? "")".contains("255"), "\(String(describing: error))")
    #expect(!"\(error.map { "\($0)" } ?? "")".contains("File name too long"))
    #expect(package.files() == before)
  }

  @Test func aDeeplyNestedFileIsSkippedWithItsNameAndTheRestIsRegistered() throws {
    let package = try Package()
    let deep = "let table = " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "\n"
    try Data(deep.utf8).write(to: package.root.appendingPathComponent("Sources/Shop/Table.swift"))
    let report = try package.run()
    #expect(report.warnings.contains { $0.contains("Sources/Shop/Table.swift") && $0.contains("skipped") }, "\(report.warnings)")
    #expect(report.output.contains { $0.contains("cart (Shop.Cart)") }, "\(report.output)")
  }
}
