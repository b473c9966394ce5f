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
    lines += features.map { "  " + registration(of: $0) }
    lines += ["  " + GeneratedRegion.endRegistrations, "], importedAs: \"\(module).\(registryName)\")", ""]
    return lines.joined(separator: "\n")
  }

  /// The debugger executable's `main.swift`: the command line on the registry `module`
  /// declares.
  package static func mainFile(registryModule module: String) -> String {
    """
    // Written by sluice-init: the debugger on the features \(module) registers.
    import \(module)
    import SluiceCLI

    await SluiceCommand.main(registry: \(registryName))

    """
  }

  /// The modules `features`' registrations need, in the order they are imported: the
  /// features' own, sorted, then Sluice's.
  package static func imports(for features: [FoundFeature]) -> [String] {
    let modules = Set(features.map { TargetName.moduleName(of: $0.module) }).sorted()
    return modules + ["SluiceDebugger"] + (features.contains(where: \.readsDependencies) ? [dependenciesProduct] : [])
  }

  /// One feature's registration, on one line, ended with a comma and its marker:
  /// `Feature("cart", summary: "The cart", initialState: Cart.State()) { _ in Cart() },`. A
  /// feature that reads swift-dependencies' values runs `controlled(by:)` the session's
  /// environment; one with a static `middleware` runs it.
  package static func registration(of feature: FoundFeature) -> String {
    // swift-syntax spells the literals, escapes and all.
    let name = StringLiteralExprSyntax(content: feature.registryName)
    let summary = StringLiteralExprSyntax(content: feature.summary)
    let type = feature.spelledType
    let middleware = feature.hasMiddleware ? ", middleware: { _ in \(type).middleware }" : ""
    let reducer = feature.readsDependencies ? "{ environment in \(type)().controlled(by: environment) }" : "{ _ in \(type)() }"
    return "Feature(\(name), summary: \(summary), initialState: \(type).State()\(middleware)) \(reducer),  "
      + GeneratedRegion.featureMarker(feature)
  }
}
