import Foundation

extension SluiceInitRun {
  /// `--update`: adds the features the debugger does not register yet to the file that
  /// registers them, and what they need to its target's `dependencies:`, both or neither,
  /// each file rewritten in place (a link, the mode, a byte-order mark and CRLF line endings
  /// kept). The file is the registry library's, or, for a debugger `sluice-init` wrote before
  /// it wrote that library, the executable's `main.swift`.
  func performUpdate(
    root: URL, manifest: ManifestFile, sources: [DebuggerTargetPlan.SourceFile], report: Report
  ) throws(ManifestEditor.Failure) -> Report {
    var report = report
    let editor = try ManifestEditor.checked(source: manifest.text, path: manifest.path)
    let debugger = targetName ?? "\(KebabCase.of(editor.packageName ?? "package"))-debugger"
    try DebuggerUpdatePlan.checkTarget(debugger, in: editor, manifestPath: manifest.path)
    let sourcesFolder = root.appendingPathComponent("Sources")
    let registry = DebuggerSource.registryTarget(of: debugger)
    let registryPath = sourcesFolder.appendingPathComponent(registry).appendingPathComponent(DebuggerSource.registryFileName).path
    let layout: DebuggerUpdatePlan.Layout =
      editor.hasTarget(named: registry) && FileManager.default.fileExists(atPath: registryPath) ? .registryLibrary : .mainFile
    let name = layout == .registryLibrary ? registry : debugger
    let mainPath =
      layout == .registryLibrary
      ? registryPath : sourcesFolder.appendingPathComponent(debugger).appendingPathComponent("main.swift").path
    let main: ManifestFile
    do {
      main = try ManifestFile(path: mainPath)
    } catch {
      throw ManifestEditor.Failure(description: "\(error.description); --update adds to the registrations sluice-init wrote for the target \(debugger)")
    }
    let plan = try DebuggerUpdatePlan(
      manifest: manifest.text, manifestPath: manifest.path, registrations: main.text, at: mainPath, layout: layout,
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
    try main.write(main.bytes(of: plan.registrationsFile))
    if plan.manifest != manifest.text {
      do {
        try writeManifest(manifest, manifest.bytes(of: plan.manifest))
      } catch {
        // Both or neither: put the registrations back as they were.
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
