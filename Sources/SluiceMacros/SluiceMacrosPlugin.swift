import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin: the macros `SluiceMacroSupport` declares.
@main
struct SluiceMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [ScriptableMacro.self, FeatureMacro.self, InspectableMacro.self]
}
