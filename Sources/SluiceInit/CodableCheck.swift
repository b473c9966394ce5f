import SwiftSyntax

/// Whether a type written in a feature's `State` or `Action` certainly cannot be `Codable`,
/// from its spelling alone, and what to do instead.
///
/// Accurate rather than broad: it names only what no conformance elsewhere can fix (a
/// function type, an existential, a tuple, `Result`, `Task`, `AnyHashable`) or a class
/// declared in the scanned sources that nothing there makes Codable, looking through
/// optionals, arrays, dictionaries and sets. A type it does not know is taken to be Codable:
/// the compiler has the last word.
struct CodableCheck {
  /// The classes declared in the scanned sources that are certainly not Codable, by name,
  /// with where each is declared.
  let nonCodableClasses: [String: String]
  /// Whether the scanned sources make `Result` Codable themselves.
  let resultIsCodable: Bool

  /// Why a value of `type` cannot be `Codable`, with what to use, or `nil`.
  func problem(with type: TypeSyntax) -> String? {
    if let attributed = type.as(AttributedTypeSyntax.self) { return problem(with: attributed.baseType) }
    if type.is(FunctionTypeSyntax.self) {
      return "`\(type.trimmedDescription)` is a function type; keep closures out of state and actions (in the reducer, or a dependency it reads)"
    }
    if let tuple = type.as(TupleTypeSyntax.self) {
      if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
        return problem(with: only.type)
      }
      return "`\(type.trimmedDescription)` is a tuple; use a Codable struct"
    }
    if let existential = type.as(SomeOrAnyTypeSyntax.self) {
      let keyword = existential.someOrAnySpecifier.text
      return "`\(type.trimmedDescription)` is \(keyword == "any" ? "an existential" : "an opaque type"); use a concrete Codable type (an enum of the kinds it can be)"
    }
    if type.is(CompositionTypeSyntax.self) {
      return "`\(type.trimmedDescription)` is an existential; use a concrete Codable type"
    }
    if let optional = type.as(OptionalTypeSyntax.self) { return problem(with: optional.wrappedType) }
    if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return problem(with: optional.wrappedType) }
    if let array = type.as(ArrayTypeSyntax.self) { return problem(with: array.element) }
    if let dictionary = type.as(DictionaryTypeSyntax.self) {
      return problem(with: dictionary.key) ?? problem(with: dictionary.value)
    }
    let (name, arguments) = Self.nominal(type)
    guard let name else { return nil }
    switch name {
    case "Any", "AnyObject":
      return "`\(name)` is an existential; use a concrete Codable type (an enum of the kinds it can be)"
    case "AnyHashable":
      return "`AnyHashable` is not Codable; use the concrete Codable type it holds"
    case "Result" where !resultIsCodable:
      return "`\(type.trimmedDescription)` is a `Result`, which is not Codable; carry an `AsyncOutcome<Value>` (a value or an `AsyncFailure`, Codable) instead, made with `AsyncOutcome(result)`"
    case "Task":
      return "`\(type.trimmedDescription)` is a `Task`, which cannot be saved; run the work as an effect (cancellable by id) and keep in state only what it produced"
    case "Optional", "Array", "Set", "ContiguousArray", "Dictionary":
      return arguments.lazy.compactMap(problem(with:)).first
    default:
      if arguments.isEmpty, let place = nonCodableClasses[name] {
        return "`\(name)` is a class (declared at \(place)) that is not Codable; make it a Codable struct (the debugger keeps states by value)"
      }
      return nil
    }
  }

  /// The name of a nominal type, without a `Swift.` prefix, and its generic arguments.
  private static func nominal(_ type: TypeSyntax) -> (String?, [TypeSyntax]) {
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return (identifier.name.text, identifier.genericArgumentClause.map(arguments) ?? [])
    }
    if let member = type.as(MemberTypeSyntax.self), member.baseType.trimmedDescription == "Swift" {
      return (member.name.text, member.genericArgumentClause.map(arguments) ?? [])
    }
    return (nil, [])
  }

  private static func arguments(_ clause: GenericArgumentClauseSyntax) -> [TypeSyntax] {
    // A type argument, or (swift-syntax 601 on) a value one, which is skipped.
    clause.arguments.compactMap { Syntax($0.argument).as(TypeSyntax.self) }
  }
}
