import SwiftSyntax

/// One enum case as `@Scriptable` reads it from the source.
struct ActionCase {
  /// The name as written, backticks included, for patterns: `` `default` ``.
  var identifier: String
  /// The name without backticks, for descriptions: `default`.
  var name: String
  var parameters: [ActionParameter]
  var documentation: String?
}

/// One parameter of a case's payload, as written.
struct ActionParameter {
  /// The argument label; `nil` for none or `_`.
  var label: String?
  /// The label as written, backticks included, for calls: `` `default` ``.
  var labelIdentifier: String?
  /// The type as written, without surrounding trivia.
  var type: String
  /// The default value as written, if any.
  var defaultValue: String?
}

extension ActionCase {
  /// Every case declared directly in `members`, in source order. `case a, b` gives two cases
  /// sharing one doc comment.
  static func cases(in members: MemberBlockItemListSyntax) -> [ActionCase] {
    var cases: [ActionCase] = []
    for member in members {
      guard let declaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let documentation = DocComment.text(in: declaration.leadingTrivia)
      for element in declaration.elements {
        let identifier = element.name.trimmedDescription
        let parameters = element.parameterClause?.parameters.map(ActionParameter.init) ?? []
        cases.append(
          ActionCase(
            identifier: identifier, name: SwiftLiteral.bareName(identifier), parameters: parameters,
            documentation: documentation))
      }
    }
    return cases
  }

  /// The `#if` blocks among `members` that declare cases: conditions the macro cannot
  /// evaluate, so it cannot say which of those cases exist.
  static func conditionalCaseBlocks(in members: MemberBlockItemListSyntax) -> [IfConfigDeclSyntax] {
    members.compactMap { member in
      guard let block = member.decl.as(IfConfigDeclSyntax.self), declaresCases(block) else { return nil }
      return block
    }
  }

  private static func declaresCases(_ block: IfConfigDeclSyntax) -> Bool {
    block.clauses.contains { clause in
      guard case .decls(let members)? = clause.elements else { return false }
      return members.contains { member in
        if member.decl.is(EnumCaseDeclSyntax.self) { return true }
        return member.decl.as(IfConfigDeclSyntax.self).map(declaresCases) ?? false
      }
    }
  }
}

extension ActionParameter {
  init(_ syntax: EnumCaseParameterSyntax) {
    if let firstName = syntax.firstName, firstName.tokenKind != .wildcard {
      label = SwiftLiteral.bareName(firstName.text)
      labelIdentifier = firstName.text
    } else {
      label = nil
      labelIdentifier = nil
    }
    type = syntax.type.trimmedDescription
    defaultValue = syntax.defaultValue?.value.trimmedDescription
  }
}
