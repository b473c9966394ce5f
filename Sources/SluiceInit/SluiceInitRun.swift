#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import SluiceFiles

/// One run of `sluice-init` in a package folder: reads the manifest and the sources, plans
/// the debugger, and writes `Sources/REGISTRY/Features.swift`, `Sources/TARGET/main.swift` and
/// the manifest, all or none. Everything that can be checked is checked before the first byte
/// is written, and a failure after it removes what this run wrote; a run interrupted between
/// the writes is finished by the next one.
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
  /// With `update`: rewrites the registrations `sluice-init` owns of features that read
  /// swift-dependencies without stating their values into the `dependencies:` form.
  package var control = false
  /// Whether the debugger links the browser's page (`serve`, `ui`), which builds SwiftNIO
  /// and Hummingbird.
  package var withPage = false
  package var writeManifest: ManifestWriter = { file, bytes in try file.write(bytes) }

  package init(packagePath: String, targetName: String? = nil, dryRun: Bool = false, update: Bool = false) {
    self.packagePath = packagePath
    self.targetName = targetName
    self.dryRun = dryRun
    self.update = update
  }

  /// The first line of every file `sluice-init` writes.
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
      manifest: manifest.text, manifestPath: manifest.path, sources: sources, targetName: targetName, withPage: withPage)
    report.warnings += plan.skipped.map(\.description)
    let sourcesFolder = root.appendingPathComponent("Sources")
    // The registry first: the executable's main.swift imports it.
    let files = [
      (target: plan.registryTargetName, name: DebuggerSource.registryFileName, text: plan.registryFile),
      (target: plan.targetName, name: "main.swift", text: plan.mainFile),
    ].map { file in
      (folder: sourcesFolder.appendingPathComponent(file.target).path, name: file.name, text: file.text)
    }
    if dryRun {
      report.output =
        files.map { "would write \($0.folder)/\($0.name):\n\($0.text)" }
        + ["would add to Package.swift: targets \(plan.registryTargetName) and \(plan.targetName)"]
      return report
    }
    try manifest.checkWritable()
    let leftovers = try files.map { file throws(ManifestEditor.Failure) in try Self.leftover(at: file.folder, file: file.name) }
    var written: [(folder: String, path: String, createdFolder: Bool)] = []
    do throws(ManifestEditor.Failure) {
      for (file, isLeftover) in zip(files, leftovers) {
        let createdFolder = !isLeftover && mkdir(file.folder, 0o755) == 0
        guard isLeftover || createdFolder else {
          throw ManifestEditor.Failure(description: "cannot create \(file.folder): \(errorText())")
        }
        let path = file.folder + "/" + file.name
        written.append((file.folder, path, createdFolder))
        try Self.writeNew(Array(file.text.utf8), to: path)
      }
      do {
        try writeManifest(manifest, manifest.bytes(of: plan.manifest))
      } catch let failure as ManifestEditor.Failure {
        throw failure
      } catch {
        throw ManifestEditor.Failure(description: "cannot write \(manifest.path): \(error)")
      }
    } catch {
      for file in written.reversed() {
        unlink(file.path)
        if file.createdFolder { rmdir(file.folder) }
      }
      throw ManifestEditor.Failure(description: "\(error.description); nothing was changed")
    }
    report.output = [
      "registered \(plan.features.map { "\($0.registryName) (\($0.module).\($0.typeName))" }.joined(separator: ", "))",
      "wrote \(files.map { "\($0.folder)/\($0.name)" }.joined(separator: " and ")), and added the targets \(plan.registryTargetName) and \(plan.targetName) to Package.swift",
      "next: swift run \(plan.targetName); tests exported from its sessions import \(plan.registryTargetName)",
    ]
    return report
  }

  /// Whether `folder` is what a run interrupted before its manifest was written leaves: a
  /// folder holding only the `file` this tool began. Any other file or folder there stops
  /// the run, as the target's name is taken.
  private static func leftover(at folder: String, file: String) throws(ManifestEditor.Failure) -> Bool {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      var status = stat()
      guard lstat(folder, &status) != 0 else {
        throw ManifestEditor.Failure(description: "\(folder) exists already; choose another name with --target-name")
      }
      return false
    }
    let path = folder + "/" + file
    guard entries == [file], let text = try? RegularFile.contents(of: path, limit: 1 << 20),
      text.starts(with: marker.utf8)
    else {
      throw ManifestEditor.Failure(description: "\(folder) exists already; choose another name with --target-name")
    }
    return true
  }

  /// Writes `bytes` as the file `path`, replacing only a leftover of an interrupted run.
  private static func writeNew(_ bytes: [UInt8], to path: String) throws(ManifestEditor.Failure) {
    do {
      try AtomicFile.save(bytes, to: path)
    } catch {
      throw ManifestEditor.Failure(description: error.message)
    }
  }
}
