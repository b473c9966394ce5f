import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Scriptable`: conforms an action enum to `ScriptableAction` (a description of its cases)
/// and `CaseNameProviding` (a `switch` naming them).
///
/// The members go inside the enum, not into the extension: parameter types are written as
/// they are in the cases, and only the enum's own scope resolves them (`Filter` in
/// `case setFilter(Filter)` may be a sibling type of the enum, invisible from an extension).
public enum ScriptableMacro {}

extension ScriptableMacro: MemberMacro {
  /// `actionDescription` and, unless the enum names its cases itself, `caseName`. Reports
  /// what makes the enum impossible to describe.
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
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
    let typeName = qualifiedName(of: enumDecl, in: context.lexicalContext)
    var generated = [ScriptableSource.actionDescription(typeName: typeName, cases: cases, access: access)]
    if !declaresCaseName(members) {
      generated.append(ScriptableSource.caseName(cases: cases, access: access))
    }
    if !declaresMember(named: "scriptedCase", in: members) {
      generated.append(ScriptableSource.scriptedCase(cases: cases, access: access))
    }
    if hasSynthesizedDecoding(enumDecl), Set(cases.map(\.name)).count == cases.count {
      generated.append(ScriptableSource.scriptAction(cases: cases, access: access))
    }
    // A case path of each case with one payload, unless the enum has a member of that name.
    let taken = Set(cases.map(\.name))
    for actionCase in cases where !taken.contains(actionCase.name + "Case") {
      guard !declaresMember(named: actionCase.name + "Case", in: members),
        let source = ScriptableSource.enumCase(actionCase, access: access)
      else { continue }
      generated.append(source)
    }
    return generated.map { DeclSyntax(stringLiteral: $0) }
  }

  /// Whether the enum already names its cases; a hand-written `caseName` is kept.
  private static func declaresCaseName(_ members: MemberBlockItemListSyntax) -> Bool {
    declaresMember(named: "caseName", in: members)
  }

  /// Whether `members` declare a property called `name`: one written by hand is kept.
  private static func declaresMember(named name: String, in members: MemberBlockItemListSyntax) -> Bool {
    members.contains { member in
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { return false }
      return variable.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
      }
    }
  }

  /// Whether the enum's `Decodable` conformance is the one Swift synthesises, as far as its
  /// declaration shows: `Codable` or `Decodable` among its inheritances, and neither
  /// `init(from:)` nor coding keys of its own. Only then does a builder make the same action as
  /// decoding (an `init(from:)` in an extension stays unseen; README says so).
  private static func hasSynthesizedDecoding(_ enumDecl: EnumDeclSyntax) -> Bool {
    let inherited = enumDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
    guard inherited.contains(where: { ["Codable", "Decodable", "Swift.Codable", "Swift.Decodable"].contains($0) })
    else { return false }
    return !enumDecl.memberBlock.members.contains { member in
      if let function = member.decl.as(FunctionDeclSyntax.self) {
        // A builder of its own is kept.
        return function.name.text == "scriptAction"
      }
      if let initializer = member.decl.as(InitializerDeclSyntax.self) {
        return initializer.signature.parameterClause.parameters.first?.firstName.text == "from"
      }
      let typeName: String? =
        member.decl.as(EnumDeclSyntax.self)?.name.text ?? member.decl.as(StructDeclSyntax.self)?.name.text
        ?? member.decl.as(TypeAliasDeclSyntax.self)?.name.text ?? member.decl.as(ClassDeclSyntax.self)?.name.text
      return typeName?.hasSuffix("CodingKeys") ?? false
    }
  }

  /// `Todos.Action` for `enum Action` inside `struct Todos` (or `extension Todos`): the names
  /// of the enclosing types, up to the first context that is not a type.
  static func qualifiedName(of enumDecl: EnumDeclSyntax, in lexicalContext: [Syntax]) -> String {
    var names = [enumDecl.name.text]
    var contexts = lexicalContext[...]
    // The innermost context is often the enum itself.
    if let first = contexts.first?.as(EnumDeclSyntax.self), first.name.text == enumDecl.name.text {
      contexts = contexts.dropFirst()
    }
    for context in contexts {
      switch context.as(SyntaxEnum.self) {
      case .structDecl(let type): names.insert(type.name.text, at: 0)
      case .enumDecl(let type): names.insert(type.name.text, at: 0)
      case .classDecl(let type): names.insert(type.name.text, at: 0)
      case .actorDecl(let type): names.insert(type.name.text, at: 0)
      case .extensionDecl(let type):
        names.insert(type.extendedType.trimmedDescription, at: 0)
        return names.joined(separator: ".")
      default:
        return names.joined(separator: ".")
      }
    }
    return names.joined(separator: ".")
  }
}

extension ScriptableMacro: ExtensionMacro {
  /// The conformances, for an enum the member role could describe.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self),
      ActionCase.conditionalCaseBlocks(in: enumDecl.memberBlock.members).isEmpty
    else { return [] }
    return ExtensionSource.make(extending: type, conformingTo: protocols, members: []).map { [$0] } ?? []
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
