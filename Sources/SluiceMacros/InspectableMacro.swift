import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Inspectable`: conforms a struct to `Sluice.Inspectable` by listing its stored
/// properties, so the debugger's diff reads them without reflection.
///
/// Generates nothing for a struct with a `private` or `fileprivate` stored property: the
/// generated extension could not read it, and a diff that skipped it would lie. Reflection,
/// the fallback, sees every property.
public enum InspectableMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self), let names = storedPropertyNames(declaration.memberBlock.members)
    else { return [] }
    let access = AccessLevel.prefix(of: declaration.modifiers)
    let visits = names.map { property in
      let name = property.name
      let label = SwiftLiteral.string(name.filter { $0 != "`" })
      // A secret is handed over in its wrapper, which tools show as the mask.
      guard property.isSecret else { return "visitor.visit(\(label), old.\(name), new.\(name))" }
      let wrapped = { (side: String) in "Sluice.Secret(wrappedValue: \(side).\(name))" }
      return "visitor.visit(\(label), \(wrapped("old")), \(wrapped("new")))"
    }
    let body = visits.map { "\n  " + $0 }.joined()
    let member = """
      /// Hands `visitor` each stored property of `old` and `new`, in declaration order.
      \(access)static func visitFields<Visitor: Sluice.FieldPairVisitor>(of old: Self, and new: Self, with visitor: inout Visitor) {\(body)
      }
      """
    return ExtensionSource.make(extending: type, conformingTo: protocols, members: [member]).map { [$0] } ?? []
  }

  /// The stored instance properties in declaration order, and whether each is `@Secret`, or
  /// `nil` when one of them cannot be read from an extension (private), cannot be read from a
  /// constant (`lazy`) or has no name of its own (a tuple pattern).
  private static func storedPropertyNames(_ members: MemberBlockItemListSyntax) -> [(name: String, isSecret: Bool)]? {
    var names: [(name: String, isSecret: Bool)] = []
    for member in members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      let modifiers = variable.modifiers.map(\.name.tokenKind)
      let isSecret = variable.attributes.contains { attribute in
        let name = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription
        return name == "Secret" || name == "Sluice.Secret"
      }
      if modifiers.contains(.keyword(.static)) || modifiers.contains(.keyword(.class)) { continue }
      // `private(set)` still reads from anywhere in the module; plain `private` does not.
      let isHidden = variable.modifiers.contains { modifier in
        [.keyword(.private), .keyword(.fileprivate)].contains(modifier.name.tokenKind) && modifier.detail == nil
      }
      for binding in variable.bindings where isStored(binding) {
        if isHidden || modifiers.contains(.keyword(.lazy)) { return nil }
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedDescription else {
          return nil
        }
        names.append((name, isSecret))
      }
    }
    return names
  }

  /// Stored: no accessor block, or only observers (`willSet`, `didSet`).
  private static func isStored(_ binding: PatternBindingSyntax) -> Bool {
    guard let accessors = binding.accessorBlock?.accessors else { return true }
    guard case .accessors(let list) = accessors else { return false }
    return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
  }
}
