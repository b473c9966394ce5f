/// What `sluice-init` writes: a library target registering every feature found in the
/// package's sources (which tests exported from a session import), a debugger executable on
/// it, and the manifest with both targets added. Computed from the files' text alone; the
/// executable reads and writes them.
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

  /// The debugger executable's target.
  package let targetName: String
  /// The library target that registers the features (``DebuggerSource/registryTarget(of:)``).
  package let registryTargetName: String
  package let features: [FoundFeature]
  package let skipped: [SkippedFeature]
  /// The registry library's one file, ``DebuggerSource/registryFileName``.
  package let registryFile: String
  /// The executable's `main.swift`.
  package let mainFile: String
  /// `Package.swift` with the new target added.
  package let manifest: String

  /// Plans the target `targetName` (default: the package's name in kebab case, then
  /// `-debugger`) from the manifest and the modules' sources; `withPage`: the debugger links
  /// the browser's page (`SluiceServe`, which builds SwiftNIO and Hummingbird) for `serve`
  /// and `ui`.
  package init(
    manifest: String, manifestPath: String, sources: [SourceFile], targetName: String? = nil, withPage: Bool = false
  ) throws(ManifestEditor.Failure) {
    let editor = try ManifestEditor.checked(source: manifest, path: manifestPath)
    let name = targetName ?? "\(KebabCase.of(editor.packageName ?? "package"))-debugger"
    if let problem = TargetName.problem(with: name) {
      let given = targetName == nil ? "the default target name" : "--target-name"
      throw ManifestEditor.Failure(
        description: "\(given) \(ManifestEditor.literal(name)) cannot name a target: \(problem); choose another with --target-name")
    }
    let registry = DebuggerSource.registryTarget(of: name)
    for taken in [name, registry] where editor.hasTarget(named: taken) {
      throw ManifestEditor.Failure(description: "\(manifestPath): a target named \(taken) exists already; choose another with --target-name")
    }
    let sluice = try editor.sluiceDependency()
    let (found, skipped) = try Self.features(in: sources)
    let registryDependencies = Self.registryDependencies(of: found, sluicePackage: sluice)
    let registryTarget =
      ".target(name: \(ManifestEditor.literal(registry)), dependencies: [\(registryDependencies.joined(separator: ", "))])"
    let products = (withPage ? ["SluiceCLI", "SluiceServe"] : ["SluiceCLI"]).map { Self.product($0, in: sluice) }
    let target =
      ".executableTarget(name: \(ManifestEditor.literal(name)), dependencies: [\(([ManifestEditor.literal(registry)] + products).joined(separator: ", "))])"
    try editor.checkOnePackage(addingByHand: [registryTarget + ",", target + ","], to: "the `targets:`")
    self.targetName = name
    registryTargetName = registry
    features = found
    self.skipped = skipped
    registryFile = DebuggerSource.registryFile(registering: found, module: registry)
    mainFile = DebuggerSource.mainFile(registryModule: registry, withPage: withPage)
    self.manifest = try editor.addingTargets([(registryTarget, registry), (target, name)])
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

  /// What the target registering `features` depends on, as `dependencies:` elements: their
  /// modules and those of the clients their values name, sorted, then `registering` (`SluiceDebugger` for the registry library,
  /// `SluiceCLI` for a debugger that registers them in its `main.swift`), and
  /// `SluiceDebuggerDependencies` when one of them reads swift-dependencies' values.
  package static func registryDependencies(
    of features: [FoundFeature], sluicePackage: String, registering: String = "SluiceDebugger"
  ) -> [String] {
    let modules = DebuggerSource.modules(of: features).sorted().map(ManifestEditor.literal)
    var products = [registering]
    if features.contains(where: \.readsDependencies) { products.append(DebuggerSource.dependenciesProduct) }
    return modules + products.map { product($0, in: sluicePackage) }
  }

  /// `.product(name: "SluiceCLI", package: "sluice")`.
  static func product(_ name: String, in sluicePackage: String) -> String {
    ".product(name: \(ManifestEditor.literal(name)), package: \(ManifestEditor.literal(sluicePackage)))"
  }
}
