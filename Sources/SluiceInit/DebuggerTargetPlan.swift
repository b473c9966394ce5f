/// What `sluice-init` writes: a debugger target registering every feature found in the
/// package's sources, and the manifest with that target added. Computed from the files'
/// text alone; the executable reads and writes them.
package struct DebuggerTargetPlan {
  /// A Swift file of one of the package's modules.
  package struct SourceFile {
    package let module: String
    package let path: String
    package let text: String

    package init(module: String, path: String, text: String) {
      self.module = module
      self.path = path
      self.text = text
    }
  }

  package let targetName: String
  package let features: [FoundFeature]
  package let skipped: [SkippedFeature]
  /// The new target's `main.swift`.
  package let mainFile: String
  /// `Package.swift` with the new target added.
  package let manifest: String

  /// Plans the target `targetName` (default: the package's name in kebab case, then
  /// `-debugger`) from the manifest and the modules' sources.
  package init(manifest: String, manifestPath: String, sources: [SourceFile], targetName: String? = nil) throws(ManifestEditor.Failure) {
    let editor = ManifestEditor(source: manifest, path: manifestPath)
    if let error = editor.firstError {
      throw ManifestEditor.Failure(description: "\(error); sluice-init edits only a manifest that parses: fix it first")
    }
    let name = targetName ?? "\(KebabCase.of(editor.packageName ?? "package"))-debugger"
    if let problem = TargetName.problem(with: name) {
      let given = targetName == nil ? "the default target name" : "--target-name"
      throw ManifestEditor.Failure(
        description: "\(given) \(ManifestEditor.literal(name)) cannot name a target: \(problem); choose another with --target-name")
    }
    if editor.hasTarget(named: name) {
      throw ManifestEditor.Failure(description: "\(manifestPath): a target named \(name) exists already; choose another with --target-name")
    }
    let sluice = try editor.sluiceDependency()
    let (found, skipped) = try Self.features(in: sources)
    let dependencies = Self.dependencies(of: found, sluicePackage: sluice)
    let target =
      ".executableTarget(name: \(ManifestEditor.literal(name)), dependencies: [\(dependencies.joined(separator: ", "))])"
    self.targetName = name
    features = found
    self.skipped = skipped
    mainFile = DebuggerSource.mainFile(registering: found)
    self.manifest = try editor.addingTarget(target, named: name)
  }

  /// The features in `sources` that another module can register, named with their module
  /// where two share a name, and the ones skipped, with why.
  ///
  /// - Throws: when there is none to register.
  package static func features(in sources: [SourceFile]) throws(ManifestEditor.Failure) -> ([FoundFeature], [SkippedFeature]) {
    var scanner = FeatureScanner()
    // An executable's module cannot be imported, so its types cannot be registered.
    let executables = Set(sources.filter { $0.path.hasSuffix("/main.swift") || $0.text.contains("@main") }.map(\.module))
    for file in sources where !executables.contains(file.module) {
      scanner.scan(file.text, path: file.path, module: file.module)
    }
    let features = scanner.features
    guard !features.isEmpty else {
      let why = scanner.skipped.isEmpty ? "" : "\n" + scanner.skipped.map(\.description).joined(separator: "\n")
      throw ManifestEditor.Failure(
        description: "no feature to register: no public struct marked `@Feature` or conforming to `Reducer` in Sources/\(why)")
    }
    let repeated = Set(Dictionary(grouping: features, by: \.typeName).filter { $0.value.count > 1 }.keys)
    let found = features.map { feature in
      var feature = feature
      feature.isQualified = repeated.contains(feature.typeName)
      return feature
    }
    return (found, scanner.skipped)
  }

  /// What the debugger target of `features` depends on, as `dependencies:` elements: their
  /// modules, sorted, then `SluiceCLI`, and `SluiceDebuggerDependencies` when one of them
  /// reads swift-dependencies' values.
  package static func dependencies(of features: [FoundFeature], sluicePackage: String) -> [String] {
    let modules = Set(features.map(\.module)).sorted().map(ManifestEditor.literal)
    var products = ["SluiceCLI"]
    if features.contains(where: \.readsDependencies) { products.append(DebuggerSource.dependenciesProduct) }
    return modules + products.map { ".product(name: \(ManifestEditor.literal($0)), package: \(ManifestEditor.literal(sluicePackage)))" }
  }
}
