import SwiftSyntax
import SwiftSyntaxBuilder

/// The files of the debugger `sluice-init` writes: a library that registers `features`,
/// named so that tests exported from a session (`export test`) import it, and the
/// executable's `main.swift`, which hands the command line to `SluiceCommand` with it. The
/// parts `sluice-init --update` adds to are marked (``GeneratedRegion``).
package enum DebuggerSource {
  /// The product a feature that reads swift-dependencies' values is registered through.
  package static let dependenciesProduct = "SluiceDebuggerDependencies"
  /// The name the registry library declares its features under.
  package static let registryName = "features"
  /// The registry library's one file, in `Sources/REGISTRY/`.
  package static let registryFileName = "Features.swift"

  /// The library target that registers the features of the debugger `target`:
  /// `my-shop-debugger` gives `MyShopDebuggerRegistry`.
  package static func registryTarget(of target: String) -> String {
    let words = target.split { !$0.isLetter && !$0.isNumber }
    return TargetName.moduleName(of: words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Registry")
  }

  /// The registry library's file: `features`, registered in a `FeatureRegistry` that names
  /// itself `MODULE.features`, so that `export test` can write tests that build their stores
  /// from it.
  package static func registryFile(registering features: [FoundFeature], module: String) -> String {
    var lines = ["// Written by sluice-init: the features it found, registered for the debugger and for the tests"]
    lines += ["// exported from its sessions (`export test`)."]
    lines += [GeneratedRegion.beginImports]
    lines += imports(for: features).map { "import \($0)" }
    lines += [GeneratedRegion.endImports, ""]
    lines += ["/// The package's features, as the debugger registers them; a test builds a feature's store"]
    lines += ["/// from them with `TestStore(feature:in:clock:)`."]
    lines += ["public let \(registryName) = FeatureRegistry(["]
    lines += ["  " + GeneratedRegion.beginRegistrations]
    lines += features.flatMap { registration(of: $0).map { "  " + $0 } }
    lines += ["  " + GeneratedRegion.endRegistrations, "], importedAs: \"\(module).\(registryName)\")", ""]
    return lines.joined(separator: "\n")
  }

  /// The debugger executable's `main.swift`: the command line on the registry `module`
  /// declares; `withPage`: with the browser's page (`serve`, `ui`).
  package static func mainFile(registryModule module: String, withPage: Bool = false) -> String {
    guard withPage else {
      return """
        // Written by sluice-init: the debugger on the features \(module) registers. Without the
        // browser's page: `sluice-init --page` writes one that serves it (`serve`, `ui`).
        import \(module)
        import SluiceCLI

        await SluiceCommand.main(registry: \(registryName))

        """
    }
    return """
      // Written by sluice-init: the debugger on the features \(module) registers, with the
      // browser's page (`serve`, `ui`).
      import \(module)
      import SluiceCLI
      import SluiceServe

      await SluiceCommand.main(registry: \(registryName), page: .timeline)

      """
  }

  /// The modules `features`' registrations need, in the order they are imported: the
  /// features' own and those of the clients their values name, sorted, then Sluice's.
  package static func imports(for features: [FoundFeature]) -> [String] {
    let modules = Set(modules(of: features).map(TargetName.moduleName(of:))).sorted()
    return modules + ["SluiceDebugger"] + (features.contains(where: \.readsDependencies) ? [dependenciesProduct] : [])
  }

  /// The package's modules (targets) `features`' registrations name: theirs, and those
  /// declaring the clients whose live values they state.
  package static func modules(of features: [FoundFeature]) -> Set<String> {
    Set(features.map(\.module) + features.flatMap { $0.clients.filter { $0.liveValue != nil }.flatMap(\.modules) })
  }

  /// What the `dependencies:` closure of a registration says before its lines: the values are
  /// one set for every place the feature runs, and where to choose others.
  package static let dependenciesComment = [
    "// The values it runs on in the debugger, in its tests and in the tests `export test` writes: one set,",
    "// so a session that passes here passes as a test. Write another value here (`.testValue`, a mock) to run on it.",
  ]

  /// One feature's registration, its lines ended with a comma, the first with its marker
  /// unless `marked` is false (for lines a user writes by hand): on one line,
  /// `Feature("cart", summary: "The cart", initialState: Cart.State()) { _ in Cart() },`; a
  /// feature that reads swift-dependencies' values states them in `dependencies:`, the
  /// values the debugger, its tests and exported tests all run it and its middleware on,
  /// one line per client of the package it reads. One with a static `middleware` runs it.
  /// `name` and `summary`, when given, are the Swift expressions to write instead of the
  /// feature's own (a registration the user named or described otherwise).
  package static func registration(
    of feature: FoundFeature, name: String? = nil, summary: String? = nil, marked: Bool = true
  ) -> [String] {
    // swift-syntax spells the literals, escapes and all.
    let name = name ?? StringLiteralExprSyntax(content: feature.registryName).description
    let summary = summary ?? StringLiteralExprSyntax(content: feature.summary).description
    let type = feature.spelledType
    let marker = marked ? "  " + GeneratedRegion.featureMarker(feature) : ""
    guard feature.readsDependencies else {
      let middleware = feature.hasMiddleware ? ", middleware: { _ in \(type).middleware }" : ""
      return ["Feature(\(name), summary: \(summary), initialState: \(type).State()\(middleware)) { _ in \(type)() }," + marker]
    }
    let values =
      feature.clients.isEmpty
      ? ["// It reads no client this package declares; set one as `values.name = .liveValue`."] : feature.clients.map(\.line)
    return ["Feature(\(name), summary: \(summary), initialState: \(type).State()," + marker]
      + dependenciesComment.map { "  " + $0 }
      + ["  dependencies: { values in"] + values.map { "    " + $0 } + ["  },"]
      + (feature.hasMiddleware ? ["  middleware: { _ in \(type).middleware },"] : [])
      + ["  reducer: { _ in \(type)() }),"]
  }
}
