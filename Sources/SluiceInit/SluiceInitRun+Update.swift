import Foundation

extension SluiceInitRun {
  /// `--update`: adds the features the debugger does not register yet to the file that
  /// registers them, and what they need to its target's `dependencies:`, both or neither,
  /// each file rewritten in place (a link, the mode, a byte-order mark and CRLF line endings
  /// kept). The file is the registry library's, or, for a debugger `sluice-init` wrote before
  /// it wrote that library, the executable's `main.swift`. It lists the registrations of
  /// features that read swift-dependencies without stating their values, and with `control`
  /// rewrites the ones it owns (``UnstatedRegistration``), in the same write.
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
      sources: sources, targetName: name, control: control)
    report.warnings += plan.skipped.map(\.description)
    let listing = unstatedLines(of: plan, at: mainPath)
    guard !plan.added.isEmpty || !plan.rewritten.isEmpty else {
      report.output = ["nothing to add: \(mainPath) registers every feature found (\(plan.registered.map(\.registryName).joined(separator: ", ")))"] + listing
      return report
    }
    let dependencies = plan.addedDependencies.isEmpty ? [] : ["\(dryRun ? "would add" : "added") to the dependencies of \(name) in Package.swift: \(plan.addedDependencies.joined(separator: ", "))"]
    if dryRun {
      let additions = plan.addedLines.isEmpty ? [] : ["would add to \(mainPath):\n\(plan.addedLines.map { "  " + $0 }.joined(separator: "\n"))"]
      report.output = additions + dependencies + listing
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
    let registered =
      plan.added.isEmpty
      ? [] : ["registered \(plan.added.map { "\($0.registryName) (\($0.module).\($0.typeName))" }.joined(separator: ", ")) in \(mainPath)"]
    report.output = registered + dependencies + listing
    return report
  }

  /// What the run says of each registration of `plan` that does not state its values: that
  /// it rewrote it, or where it is, why that matters, and the lines that fix it.
  private func unstatedLines(of plan: DebuggerUpdatePlan, at path: String) -> [String] {
    plan.unstated.map { registration in
      let lines = registration.replacement.map { "  " + $0 }.joined(separator: "\n")
      if plan.rewritten.contains(registration) {
        return dryRun
          ? "would rewrite \(registration.name) at \(path):\(registration.line) into the `dependencies:` form:\n\(lines)"
          : "rewrote \(registration.name) at \(path):\(registration.line) into the `dependencies:` form"
      }
      let fix =
        registration.rewritable != nil
        ? "`sluice-init --update --control` rewrites it into:"
        : "sluice-init does not own it (written by hand, or changed since sluice-init wrote it), so --control \(control ? "did not rewrite it" : "leaves it"); write it as (keeping any other argument it passes):"
      return "\(path):\(registration.line): \(registration.name) reads swift-dependencies' values but its registration does not state them, so the debugger, its tests and the tests `export test` writes may run it on different values, and its middleware off the session's clock; \(fix)\n\(lines)"
    }
  }
}
