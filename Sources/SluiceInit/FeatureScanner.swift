import SwiftParser
import SwiftSyntax

/// Finds the features in a module's Swift sources: structs marked `@Feature`, or that
/// conform to `Reducer` where they are declared. A debugger in another module registers a
/// feature as `Feature(…, initialState: Cart.State()) { _ in Cart() }`, so the struct, its
/// nested `State` and both `init()`s must be public; a feature that misses one is skipped
/// with a warning that says what to add and where.
package struct FeatureScanner {
  package private(set) var features: [FoundFeature] = []
  package private(set) var skipped: [SkippedFeature] = []

  package init() {}

  /// Scans one file of `module`; `path` names it in warnings.
  package mutating func scan(_ source: String, path: String, module: String) {
    let tree = Parser.parse(source: source)
    let visitor = FeatureVisitor(converter: SourceLocationConverter(fileName: path, tree: tree))
    visitor.walk(tree)
    for candidate in visitor.candidates {
      if let reason = candidate.missing {
        skipped.append(SkippedFeature(location: candidate.location, typeName: candidate.typeName, reason: reason))
      } else {
        features.append(FoundFeature(module: module, typeName: candidate.typeName, summary: candidate.summary))
      }
    }
  }
}

/// A struct that declares itself a feature, with what keeps it from being registered.
private struct Candidate {
  let typeName: String
  let location: String
  let summary: String
  let missing: String?
}

private final class FeatureVisitor: SyntaxVisitor {
  let converter: SourceLocationConverter
  var candidates: [Candidate] = []
  /// The names of the types being walked, outermost first, and whether each is public.
  private var enclosing: [(name: String, isPublic: Bool)] = []

  init(converter: SourceLocationConverter) {
    self.converter = converter
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    if Self.isFeature(node) { consider(node) }
    enclosing.append((node.name.text, node.modifiers.isPublic))
    return .visitChildren
  }

  override func visitPost(_ node: StructDeclSyntax) { enclosing.removeLast() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    enclosing.append((node.name.text, node.modifiers.isPublic))
    return .visitChildren
  }

  override func visitPost(_ node: EnumDeclSyntax) { enclosing.removeLast() }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    enclosing.append((node.name.text, node.modifiers.isPublic))
    return .visitChildren
  }

  override func visitPost(_ node: ClassDeclSyntax) { enclosing.removeLast() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    // Members of an extension are as visible as the type it extends, which another file
    // declares; the compiler will say if it is not public.
    enclosing.append((node.extendedType.trimmedDescription, true))
    return .visitChildren
  }

  override func visitPost(_ node: ExtensionDeclSyntax) { enclosing.removeLast() }

  // Types inside functions and closures cannot be named from another module.
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  private static func isFeature(_ node: StructDeclSyntax) -> Bool {
    let marked = node.attributes.contains {
      guard case .attribute(let attribute) = $0 else { return false }
      let name = attribute.attributeName.trimmedDescription
      return name == "Feature" || name.hasSuffix(".Feature")
    }
    let conforms =
      node.inheritanceClause?.inheritedTypes.contains {
        let name = $0.type.trimmedDescription
        return name == "Reducer" || name == "Sluice.Reducer"
      } ?? false
    return marked || conforms
  }

  private func consider(_ node: StructDeclSyntax) {
    let typeName = (enclosing.map(\.name) + [node.name.text]).joined(separator: ".")
    let place = node.name.startLocation(converter: converter)
    let location = "\(place.file):\(place.line):\(place.column)"
    candidates.append(
      Candidate(
        typeName: typeName, location: location, summary: Self.summary(of: node) ?? typeName,
        missing: missing(in: node, typeName: typeName)))
  }

  /// What another module lacks to write `Name.State()` and `Name()`, or `nil`.
  private func missing(in node: StructDeclSyntax, typeName: String) -> String? {
    if let hidden = enclosing.first(where: { !$0.isPublic }) {
      return "\(hidden.name), which declares it, is not public"
    }
    guard node.modifiers.isPublic else { return "make it `public struct \(node.name.text)`" }
    let members = node.memberBlock.members.map(\.decl)
    guard Self.hasPublicNoArgumentInit(members) else { return "add `public init() {}` to \(typeName)" }
    for member in members {
      if let state = member.as(StructDeclSyntax.self), state.name.text == "State" {
        guard state.modifiers.isPublic else { return "make its State `public struct State`" }
        guard Self.hasPublicNoArgumentInit(state.memberBlock.members.map(\.decl)) else {
          return "add `public init() {}` to \(typeName).State (the debugger starts from `State()`)"
        }
        return nil
      }
      if let alias = member.as(TypeAliasDeclSyntax.self), alias.name.text == "State" {
        return alias.modifiers.isPublic ? nil : "make its State type alias public"
      }
    }
    return "it declares no nested `State` here; register it by hand in the debugger's main.swift"
  }

  private static func hasPublicNoArgumentInit(_ members: [DeclSyntax]) -> Bool {
    members.contains {
      guard let initializer = $0.as(InitializerDeclSyntax.self) else { return false }
      return initializer.modifiers.isPublic && initializer.optionalMark == nil
        && initializer.signature.parameterClause.parameters.allSatisfy { $0.defaultValue != nil }
    }
  }

  /// The first line of the struct's `///` doc comment.
  private static func summary(of node: StructDeclSyntax) -> String? {
    for piece in node.leadingTrivia {
      if case .docLineComment(let text) = piece {
        let line = text.dropFirst(3).drop { $0 == " " }
        if !line.isEmpty { return String(line) }
      }
    }
    return nil
  }
}

extension DeclModifierListSyntax {
  fileprivate var isPublic: Bool {
    contains { $0.name.tokenKind == .keyword(.public) || $0.name.tokenKind == .keyword(.open) }
  }
}
