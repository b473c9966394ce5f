import SluiceMacros
import SwiftSyntaxMacroExpansion

/// The macros as the compiler sees them, with the conformances their declarations list.
enum MacroSpecs {
  static let scriptable = MacroSpec(
    type: ScriptableMacro.self, conformances: ["Sluice.ScriptableAction", "Sluice.CaseNameProviding"])
  static let feature = MacroSpec(type: FeatureMacro.self, conformances: ["Sluice.Reducer"])
  static let inspectable = MacroSpec(type: InspectableMacro.self, conformances: ["Sluice.Inspectable"])

  /// Both macros, conformances still to add.
  static let all: [String: MacroSpec] = ["Scriptable": scriptable, "Feature": feature, "Inspectable": inspectable]

  /// Both macros, for types that already conform.
  static let alreadyConforming: [String: MacroSpec] = [
    "Scriptable": MacroSpec(type: ScriptableMacro.self),
    "Feature": MacroSpec(type: FeatureMacro.self),
  ]
}
