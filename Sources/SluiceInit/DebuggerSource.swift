import SwiftSyntax
import SwiftSyntaxBuilder

/// The `main.swift` of a debugger executable that registers `features` and hands the
/// command line to `SluiceCommand`, as README's hand-written one does.
package enum DebuggerSource {
  package static func mainFile(registering features: [FoundFeature]) -> String {
    let modules = Set(features.map { TargetName.moduleName(of: $0.module) }).sorted()
    var lines = ["// Written by sluice-init: the features it found, registered for the debugger."]
    lines += modules.map { "import \($0)" }
    lines += ["import SluiceCLI", "import SluiceDebugger", "", "await SluiceCommand.main(registry: FeatureRegistry(["]
    for feature in features {
      // swift-syntax spells the literals, escapes and all.
      let name = StringLiteralExprSyntax(content: feature.registryName)
      let summary = StringLiteralExprSyntax(content: feature.summary)
      let type = feature.spelledType
      lines.append("  Feature(\(name), summary: \(summary), initialState: \(type).State()) { _ in \(type)() },")
    }
    lines += ["]))", ""]
    return lines.joined(separator: "\n")
  }
}
