import SwiftSyntax
import SwiftSyntaxBuilder

/// The `main.swift` of a debugger executable that registers `features` and hands the
/// command line to `SluiceCommand`, as README's hand-written one does, with the parts
/// `sluice-init --update` adds to marked (``GeneratedRegion``).
package enum DebuggerSource {
  /// The product a feature that reads swift-dependencies' values is registered through.
  package static let dependenciesProduct = "SluiceDebuggerDependencies"

  package static func mainFile(registering features: [FoundFeature]) -> String {
    var lines = ["// Written by sluice-init: the features it found, registered for the debugger."]
    lines += [GeneratedRegion.beginImports]
    lines += imports(for: features).map { "import \($0)" }
    lines += [GeneratedRegion.endImports, ""]
    lines += ["await SluiceCommand.main(registry: FeatureRegistry(["]
    lines += ["  " + GeneratedRegion.beginRegistrations]
    lines += features.map { "  " + registration(of: $0) }
    lines += ["  " + GeneratedRegion.endRegistrations, "]))", ""]
    return lines.joined(separator: "\n")
  }

  /// The modules `features`' registrations need, in the order they are imported: the
  /// features' own, sorted, then Sluice's.
  package static func imports(for features: [FoundFeature]) -> [String] {
    let modules = Set(features.map { TargetName.moduleName(of: $0.module) }).sorted()
    let sluice = ["SluiceCLI", "SluiceDebugger"] + (features.contains(where: \.readsDependencies) ? [dependenciesProduct] : [])
    return modules + sluice
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
