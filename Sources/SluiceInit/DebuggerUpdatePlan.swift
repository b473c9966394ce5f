import SwiftParser
import SwiftSyntax

/// What `sluice-init --update` writes: the features found in the package's sources that the
/// debugger does not register yet, added to the file that registers them (the registry
/// library's, or the `main.swift` of a debugger written before the registry was a library)
/// between the ``GeneratedRegion`` markers, with the imports and the target's dependencies
/// they need. It also finds the registrations of features that read swift-dependencies
/// without stating the values they run on (``UnstatedRegistration``) and, with `control`,
/// rewrites those `sluice-init` owns into the `dependencies:` form. Every other byte of that
/// file and of the manifest is kept. Computed from the files' text alone; the run reads and
/// writes them.
package struct DebuggerUpdatePlan {
  /// Which file registers a debugger's features.
  package enum Layout {
    /// The registry library `sluice-init` writes (``DebuggerSource/registryFile(registering:module:)``).
    case registryLibrary
    /// The executable's `main.swift`, as `sluice-init` wrote debuggers before that.
    case mainFile

    /// The product the registering target needs beside the features' modules.
    var registeringProduct: String { self == .registryLibrary ? "SluiceDebugger" : "SluiceCLI" }
  }

  /// The target whose file and `dependencies:` are updated.
  package let targetName: String
  /// The features added, in the order found.
  package let added: [FoundFeature]
  /// The features found that the target registers already (by name, or by a marker naming
  /// them, anywhere in `main.swift`).
  package let registered: [FoundFeature]
  package let skipped: [SkippedFeature]
  /// The registrations of features that read swift-dependencies without stating their
  /// values, in the order of the file (before any rewrite).
  package let unstated: [UnstatedRegistration]
  /// Those of `unstated` rewritten (with `control`, the ones `sluice-init` owns).
  package let rewritten: [UnstatedRegistration]
  /// The lines added to the registering file: imports, then registrations.
  package let addedLines: [String]
  /// The elements added to the target's `dependencies:`.
  package let addedDependencies: [String]
  /// The registering file, with the additions.
  package let registrationsFile: String
  /// `Package.swift`, with the dependencies added.
  package let manifest: String

  /// Plans adding to the target `targetName`, laid out as `layout` says, whose registering
  /// file, at `path`, is `file`; with `control`, also rewriting its unstated registrations.
  ///
  /// - Throws: when the manifest or the registering file is too large or nested too deeply
  ///   to parse (``ParseGuard``) or does not parse, when the manifest has no such target or
  ///   more than one `Package(…)`, when the file lacks the registration markers (comments of
  ///   its code, not text in a comment or a literal), or when the edit cannot be made; each
  ///   says where.
  package init(
    manifest: String, manifestPath: String, registrations file: String, at path: String, layout: Layout,
    sources: [DebuggerTargetPlan.SourceFile], targetName name: String, control: Bool = false
  ) throws(ManifestEditor.Failure) {
    let editor = try ManifestEditor.checked(source: manifest, path: manifestPath)
    try Self.checkTarget(name, in: editor, manifestPath: manifestPath)
    let sluice = try editor.sluiceDependency()
    let (found, skipped) = try DebuggerTargetPlan.features(in: sources)
    let original = try MainFileText.checked(file, path: path)
    let registeredNames = original.registeredNames
    self.targetName = name
    self.skipped = skipped
    registered = found.filter { registeredNames.contains($0.registryName) }
    added = found.filter { !registeredNames.contains($0.registryName) }
    unstated = original.unstatedRegistrations(of: found)
    rewritten = control ? unstated.filter { $0.rewritable != nil } : []
    let registrations = added.flatMap { DebuggerSource.registration(of: $0) }
    let changed = added + rewritten.map(\.feature)
    guard !changed.isEmpty else {
      addedLines = []
      addedDependencies = []
      registrationsFile = file
      self.manifest = manifest
      return
    }
    let text = rewritten.isEmpty ? original : MainFileText(original.rewriting(rewritten), path: path)
    let imports = DebuggerSource.imports(for: changed).filter { !text.importedModules.contains($0) }
    registrationsFile = try text.adding(imports: imports, registrations: registrations)
    // A marker of the code's own can still stand where a registration does not parse.
    if let error = ManifestEditor.firstError(in: Parser.parse(source: registrationsFile), path: path) {
      let lines = (registrations + rewritten.flatMap(\.replacement)).map { "  " + $0 }.joined(separator: "\n")
      throw ManifestEditor.Failure(
        description: "\(path): the lines written between the markers would not parse (\(error)); nothing was written; register these by hand:\n\(lines)")
    }
    addedLines = imports.map { "import \($0)" } + registrations
    let present = Set(editor.dependencyNames(ofTarget: name) ?? [])
    addedDependencies = DebuggerTargetPlan.registryDependencies(
      of: changed, sluicePackage: sluice, registering: layout.registeringProduct
    ).filter {
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
