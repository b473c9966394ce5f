import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Scriptable`: conforms an action enum to `ScriptableAction` (a description of its cases)
/// and `CaseNameProviding` (a `switch` naming them).
public enum ScriptableMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic(
            message: "@Scriptable describes the cases of an action enum, not of \(declaration.kindName.withArticle)",
            id: "scriptable.notAnEnum")))
      return []
    }
    let members = enumDecl.memberBlock.members
    let conditional = ActionCase.conditionalCaseBlocks(in: members)
    for block in conditional {
      context.diagnose(
        Diagnostic(
          node: block.clauses.first?.poundKeyword ?? block.poundEndif,
          message: MacroDiagnostic(
            message: "@Scriptable cannot describe cases declared inside '#if'; declare them unconditionally",
            id: "scriptable.conditionalCases")))
    }
    guard conditional.isEmpty else { return [] }

    let cases = ActionCase.cases(in: members)
    let access = AccessLevel.prefix(of: enumDecl.modifiers)
    var generated = [ScriptableSource.actionDescription(typeName: type.trimmedDescription, cases: cases, access: access)]
    if !declaresCaseName(members) {
      generated.append(ScriptableSource.caseName(cases: cases, access: access))
    }
    return ExtensionSource.make(extending: type, conformingTo: protocols, members: generated).map { [$0] } ?? []
  }

  /// Whether the enum already names its cases; a hand-written `caseName` is kept.
  private static func declaresCaseName(_ members: MemberBlockItemListSyntax) -> Bool {
    members.contains { member in
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { return false }
      return variable.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "caseName"
      }
    }
  }
}

extension DeclGroupSyntax {
  /// `struct`, `class`, `actor`, `protocol`, `extension` or `enum`, for messages.
  var kindName: String {
    switch Syntax(self).as(SyntaxEnum.self) {
    case .structDecl: "struct"
    case .classDecl: "class"
    case .actorDecl: "actor"
    case .protocolDecl: "protocol"
    case .extensionDecl: "extension"
    case .enumDecl: "enum"
    default: "declaration"
    }
  }
}

extension String {
  /// `a struct`, `an enum`.
  var withArticle: String {
    (first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + self
  }
}
