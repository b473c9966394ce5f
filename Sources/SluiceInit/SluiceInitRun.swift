#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import SluiceDebugger

/// One run of `sluice-init` in a package folder: reads the manifest and the sources, plans
/// the debugger target, and writes `Sources/TARGET/main.swift` and the manifest, both or
/// neither. Everything that can be checked is checked before the first byte is written, and
/// a failure after it removes what this run wrote; a run interrupted between the two writes
/// is finished by the next one.
package struct SluiceInitRun {
  /// What a run says: lines for standard output, and warnings for standard error.
  package struct Report {
    package var output: [String] = []
    package var warnings: [String] = []
  }

  /// Writes the edited manifest; tests put a failing one in its place.
  package typealias ManifestWriter = (ManifestFile, [UInt8]) throws -> Void

  package var packagePath: String
  package var targetName: String?
  package var dryRun = false
  /// Adds the features not registered yet to an existing target (``DebuggerUpdatePlan``)
  /// instead of writing a new one.
  package var update = false
  package var writeManifest: ManifestWriter = { file, bytes in try file.write(bytes) }

  package init(packagePath: String, targetName: String? = nil, dryRun: Bool = false, update: Bool = false) {
    self.packagePath = packagePath
    self.targetName = targetName
    self.dryRun = dryRun
    self.update = update
  }

  /// The first line of every `main.swift` `sluice-init` writes.
  static let marker = "// Written by sluice-init"

  /// Does the run.
  ///
  /// - Throws: ``ManifestEditor/Failure``, a sentence saying what is wrong and where.
  package func perform() throws(ManifestEditor.Failure) -> Report {
    let root = URL(fileURLWithPath: packagePath)
    let manifest = try ManifestFile(path: root.appendingPathComponent("Package.swift").path)
    var report = Report()
    let (sources, skipped) = SourceFiles.read(under: root)
    report.warnings += skipped
    if update { return try performUpdate(root: root, manifest: manifest, sources: sources, report: report) }
    let plan = try DebuggerTargetPlan(
      manifest: manifest.text, manifestPath: manifest.path, sources: sources, targetName: targetName)
    report.warnings += plan.skipped.map(\.description)
    let folder = root.appendingPathComponent("Sources").appendingPathComponent(plan.targetName)
    let main = folder.appendingPathComponent("main.swift").path
    if dryRun {
      report.output = ["would write \(main):\n\(plan.mainFile)\nwould add to Package.swift: target \(plan.targetName)"]
      return report
    }
    try manifest.checkWritable()
    let leftover = try Self.leftover(at: folder.path)
    let createdFolder = !leftover && mkdir(folder.path, 0o755) == 0
    guard leftover || createdFolder else {
      throw ManifestEditor.Failure(description: "cannot create \(folder.path): \(RegularFile.errorText())")
    }
    do throws(ManifestEditor.Failure) {
      try Self.writeNew(Array(plan.mainFile.utf8), to: main)
      do {
        try writeManifest(manifest, manifest.bytes(of: plan.manifest))
      } catch let failure as ManifestEditor.Failure {
        throw failure
      } catch {
        throw ManifestEditor.Failure(description: "cannot write \(manifest.path): \(error)")
      }
    } catch {
      unlink(main)
      if createdFolder { rmdir(folder.path) }
      throw ManifestEditor.Failure(description: "\(error.description); nothing was changed")
    }
    report.output = [
      "registered \(plan.features.map { "\($0.registryName) (\($0.module).\($0.typeName))" }.joined(separator: ", "))",
      "wrote \(main) and added the target \(plan.targetName) to Package.swift",
      "next: swift run \(plan.targetName)",
    ]
    return report
  }

  /// Whether `folder` is what a run interrupted before its manifest was written leaves: a
  /// folder holding only a `main.swift` this tool began. Any other file or folder there
  /// stops the run, as the target's name is taken.
  private static func leftover(at folder: String) throws(ManifestEditor.Failure) -> Bool {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      var status = stat()
      guard lstat(folder, &status) != 0 else {
        throw ManifestEditor.Failure(description: "\(folder) exists already; choose another name with --target-name")
      }
      return false
    }
    let main = folder + "/main.swift"
    guard entries == ["main.swift"], let text = try? RegularFile.contents(of: main, limit: 1 << 20),
      text.starts(with: marker.utf8)
    else {
      throw ManifestEditor.Failure(description: "\(folder) exists already; choose another name with --target-name")
    }
    return true
  }

  /// Writes `bytes` as the file `path`, replacing only a leftover of an interrupted run.
  private static func writeNew(_ bytes: [UInt8], to path: String) throws(ManifestEditor.Failure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw ManifestEditor.Failure(description: "cannot write \(path): \(RegularFile.errorText())") }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if result < 0 {
        if errno == EINTR { continue }
        throw ManifestEditor.Failure(description: "cannot write \(path): \(RegularFile.errorText())")
      }
      written += result
    }
    guard fsync(descriptor) == 0 else {
      throw ManifestEditor.Failure(description: "cannot write \(path): \(RegularFile.errorText())")
    }
  }
}
