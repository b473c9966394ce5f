import SwiftParser
import SwiftSyntax

/// What `sluice-init --update` writes: the features found in the package's sources that the
/// debugger target does not register yet, added to its `main.swift` between the
/// ``GeneratedRegion`` markers, with the imports and the target's dependencies they need.
/// Every other byte of `main.swift` and of the manifest is kept. Computed from the files'
/// text alone; the run reads and writes them.
package struct DebuggerUpdatePlan {
  package let targetName: String
  /// The features added, in the order found.
  package let added: [FoundFeature]
  /// The features found that the target registers already (by name, or by a marker naming
  /// them, anywhere in `main.swift`).
  package let registered: [FoundFeature]
  package let skipped: [SkippedFeature]
  /// The lines added to `main.swift`: imports, then registrations.
  package let addedLines: [String]
  /// The elements added to the target's `dependencies:`.
  package let addedDependencies: [String]
  /// `main.swift`, with the additions.
  package let mainFile: String
  /// `Package.swift`, with the dependencies added.
  package let manifest: String

  /// Plans adding to the target `targetName` (by default the one `sluice-init` names after
  /// the package), whose `main.swift`, at `mainPath`, is `mainFile`.
  ///
  /// - Throws: when the manifest does not parse or has no such target, when `main.swift`
  ///   lacks the registration markers, or when the edit cannot be made; each says where.
  package init(
    manifest: String, manifestPath: String, mainFile: String, mainPath: String,
    sources: [DebuggerTargetPlan.SourceFile], targetName: String? = nil
  ) throws(ManifestEditor.Failure) {
    let editor = ManifestEditor(source: manifest, path: manifestPath)
    if let error = editor.firstError {
      throw ManifestEditor.Failure(description: "\(error); sluice-init edits only a manifest that parses: fix it first")
    }
    let name = targetName ?? "\(KebabCase.of(editor.packageName ?? "package"))-debugger"
    try Self.checkTarget(name, in: editor, manifestPath: manifestPath)
    let sluice = try editor.sluiceDependency()
    let (found, skipped) = try DebuggerTargetPlan.features(in: sources)
    let text = MainFileText(mainFile, path: mainPath)
    let registeredNames = text.registeredNames
    self.targetName = name
    self.skipped = skipped
    registered = found.filter { registeredNames.contains($0.registryName) }
    added = found.filter { !registeredNames.contains($0.registryName) }
    let registrations = added.map(DebuggerSource.registration(of:))
    guard !added.isEmpty else {
      addedLines = []
      addedDependencies = []
      self.mainFile = mainFile
      self.manifest = manifest
      return
    }
    let imports = DebuggerSource.imports(for: added).filter { !text.importedModules.contains($0) }
    self.mainFile = try text.adding(imports: imports, registrations: registrations)
    addedLines = imports.map { "import \($0)" } + registrations
    let present = Set(editor.dependencyNames(ofTarget: name) ?? [])
    addedDependencies = DebuggerTargetPlan.dependencies(of: added, sluicePackage: sluice).filter {
      !present.contains(ManifestEditor.dependencyName(ExprSyntax(stringLiteral: $0)) ?? $0)
    }
    self.manifest = addedDependencies.isEmpty ? manifest : try editor.addingDependencies(addedDependencies, toTarget: name)
  }

  /// Refuses a manifest without the target `name`, saying how to create it.
  static func checkTarget(_ name: String, in editor: ManifestEditor, manifestPath: String) throws(ManifestEditor.Failure) {
    guard editor.hasTarget(named: name) else {
      throw ManifestEditor.Failure(
        description: "\(manifestPath): no target named \(ManifestEditor.literal(name)) to update; run sluice-init without --update to write it, or name it with --target-name")
    }
  }
}
