import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Feature`: makes a struct holding `State`, `Action` and a reducer a `Reducer`, and marks
/// its `Action` enum `@Scriptable`.
public enum FeatureMacro {}

extension FeatureMacro: ExtensionMacro {
  /// Adds the `Reducer` conformance and, when the reducer is a `body`, the
  /// `reduce(into:action:)` that forwards to it. Reports every problem with the declaration,
  /// and then adds nothing: a half-made conformance would only bury the problem in errors.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let problems = FeatureDiagnostics.problems(in: declaration)
    guard problems.isEmpty else {
      problems.forEach(context.diagnose)
      return []
    }
    let members = FeatureMembers(declaration.memberBlock.members)
    var generated: [String] = []
    if members.reducesThroughBody {
      let access = AccessLevel.prefix(of: declaration.modifiers)
      generated.append(
        """
        /// Reduces with `body`, the reducer this feature is built from.
        \(access)func reduce(into state: inout State, action: Action) -> Sluice.Effect<Action> {
          self.body.reduce(into: &state, action: action)
        }
        """)
    }
    return ExtensionSource.make(extending: type, conformingTo: protocols, members: generated).map { [$0] } ?? []
  }
}

extension FeatureMacro: MemberAttributeMacro {
  /// `@Scriptable` for the nested `Action` enum, `@Inspectable` for the nested `State`
  /// struct (so the debugger diffs it without reflection), and
  /// `@ReducerBuilder<State, Action>` for `body`, so it can list reducers one after another;
  /// each unless already there.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self) else { return [] }
    if let action = member.as(EnumDeclSyntax.self), action.name.text == "Action",
      !has(action.attributes, named: "Scriptable")
    {
      return [AttributeSyntax(attributeName: TypeSyntax(stringLiteral: "SluiceMacroSupport.Scriptable"))]
    }
    if let state = member.as(StructDeclSyntax.self), state.name.text == "State",
      !has(state.attributes, named: "Inspectable")
    {
      return [AttributeSyntax(attributeName: TypeSyntax(stringLiteral: "SluiceMacroSupport.Inspectable"))]
    }
    if let body = member.as(VariableDeclSyntax.self), isBuildableBody(body) {
      return [AttributeSyntax(attributeName: TypeSyntax(stringLiteral: "Sluice.ReducerBuilder<State, Action>"))]
    }
    return []
  }

  /// A `body` getter that is not a builder yet and could be one: a builder would reject
  /// (and warn about) a `return` among its statements.
  private static func isBuildableBody(_ variable: VariableDeclSyntax) -> Bool {
    guard variable.bindings.count == 1, let binding = variable.bindings.first,
      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
      !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
      !has(variable.attributes, named: "ReducerBuilder"),
      case .getter(let statements)? = binding.accessorBlock?.accessors
    else { return false }
    return !statements.contains { $0.item.is(ReturnStmtSyntax.self) }
  }

  /// Whether an attribute is there, written plainly, qualified or with generic arguments.
  private static func has(_ attributes: AttributeListSyntax, named name: String) -> Bool {
    attributes.contains { element in
      guard case .attribute(let attribute) = element else { return false }
      var written = attribute.attributeName.trimmedDescription
      if let generic = written.firstIndex(of: "<") {
        written = String(written[..<generic])
      }
      return written == name || written.hasSuffix("." + name)
    }
  }
}
