import Foundation

extension SluiceInitRun {
  /// `--update`: adds the features the target does not register yet to its `main.swift`, and
  /// what they need to its `dependencies:`, both or neither, each file rewritten in place (a
  /// link, the mode, a byte-order mark and CRLF line endings kept).
  func performUpdate(
    root: URL, manifest: ManifestFile, sources: [DebuggerTargetPlan.SourceFile], report: Report
  ) throws(ManifestEditor.Failure) -> Report {
    var report = report
    let editor = ManifestEditor(source: manifest.text, path: manifest.path)
    let name = targetName ?? "\(KebabCase.of(editor.packageName ?? "package"))-debugger"
    try DebuggerUpdatePlan.checkTarget(name, in: editor, manifestPath: manifest.path)
    let mainPath = root.appendingPathComponent("Sources").appendingPathComponent(name).appendingPathComponent("main.swift").path
    let main: ManifestFile
    do {
      main = try ManifestFile(path: mainPath)
    } catch {
      throw ManifestEditor.Failure(description: "\(error.description); --update adds to the main.swift sluice-init wrote for the target \(name)")
    }
    let plan = try DebuggerUpdatePlan(
      manifest: manifest.text, manifestPath: manifest.path, mainFile: main.text, mainPath: mainPath,
      sources: sources, targetName: name)
    report.warnings += plan.skipped.map(\.description)
    guard !plan.added.isEmpty else {
      report.output = ["nothing to add: \(mainPath) registers every feature found (\(plan.registered.map(\.registryName).joined(separator: ", ")))"]
      return report
    }
    let dependencies = plan.addedDependencies.isEmpty ? [] : ["\(dryRun ? "would add" : "added") to the dependencies of \(name) in Package.swift: \(plan.addedDependencies.joined(separator: ", "))"]
    if dryRun {
      report.output = ["would add to \(mainPath):\n\(plan.addedLines.map { "  " + $0 }.joined(separator: "\n"))"] + dependencies
      return report
    }
    try main.checkWritable()
    if plan.manifest != manifest.text { try manifest.checkWritable() }
    try main.write(main.bytes(of: plan.mainFile))
    if plan.manifest != manifest.text {
      do {
        try writeManifest(manifest, manifest.bytes(of: plan.manifest))
      } catch {
        // Both or neither: put main.swift back as it was.
        if let written = try? ManifestFile(path: mainPath) { try? written.write(main.original) }
        let why = (error as? ManifestEditor.Failure)?.description ?? "cannot write \(manifest.path): \(error)"
        throw ManifestEditor.Failure(description: "\(why); nothing was changed")
      }
    }
    report.output = [
      "registered \(plan.added.map { "\($0.registryName) (\($0.module).\($0.typeName))" }.joined(separator: ", ")) in \(mainPath)"
    ] + dependencies
    return report
  }
}
