import SwiftSyntax

/// The members of a `@Feature` struct that the macro cares about.
struct FeatureMembers {
  /// A nested type (or type alias) called `State` or `Action`.
  struct NestedType {
    let item: MemberBlockItemSyntax
    /// `struct`, `enum`, `class`, `actor` or `typealias`.
    let introducer: TokenSyntax

    var isEnum: Bool { introducer.tokenKind == .keyword(.enum) }
    var isTypeAlias: Bool { introducer.tokenKind == .keyword(.typealias) }
  }

  var state: NestedType?
  var action: NestedType?
  /// A member that defines the reducer, and its name where diagnostics point.
  struct ReducerMember {
    let item: MemberBlockItemSyntax
    let name: TokenSyntax
  }

  /// Every instance property called `body`, in source order.
  var bodies: [ReducerMember] = []
  /// Every instance method `reduce(into:action:)`, in source order.
  var reduceMethods: [ReducerMember] = []

  init(_ members: MemberBlockItemListSyntax) {
    for item in members {
      let decl = item.decl
      if let (name, introducer) = Self.nestedType(decl) {
        if name == "State", state == nil { state = NestedType(item: item, introducer: introducer) }
        if name == "Action", action == nil { action = NestedType(item: item, introducer: introducer) }
      } else if let variable = decl.as(VariableDeclSyntax.self), !Self.isStatic(variable.modifiers),
        let name = variable.bindings.lazy.compactMap({ $0.pattern.as(IdentifierPatternSyntax.self)?.identifier })
          .first(where: { $0.text == "body" })
      {
        bodies.append(ReducerMember(item: item, name: name))
      } else if let function = decl.as(FunctionDeclSyntax.self), Self.isReduceMethod(function) {
        reduceMethods.append(ReducerMember(item: item, name: function.name))
      }
    }
  }

  /// Whether the feature's reducer is its `body`, so `reduce(into:action:)` must be generated.
  var reducesThroughBody: Bool {
    bodies.count == 1 && reduceMethods.isEmpty
  }

  private static func nestedType(_ decl: DeclSyntax) -> (name: String, introducer: TokenSyntax)? {
    if let type = decl.as(StructDeclSyntax.self) { return (type.name.text, type.structKeyword) }
    if let type = decl.as(EnumDeclSyntax.self) { return (type.name.text, type.enumKeyword) }
    if let type = decl.as(ClassDeclSyntax.self) { return (type.name.text, type.classKeyword) }
    if let type = decl.as(ActorDeclSyntax.self) { return (type.name.text, type.actorKeyword) }
    if let alias = decl.as(TypeAliasDeclSyntax.self) { return (alias.name.text, alias.typealiasKeyword) }
    return nil
  }

  private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
    modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
  }

  private static func isReduceMethod(_ function: FunctionDeclSyntax) -> Bool {
    guard function.name.text == "reduce", !isStatic(function.modifiers) else { return false }
    let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
    return labels == ["into", "action"]
  }
}
