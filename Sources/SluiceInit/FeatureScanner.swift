import SwiftParser
import SwiftSyntax

/// Finds the features in a module's Swift sources: structs marked `@Feature`, or that
/// conform to `Reducer` where they are declared. A debugger in another module registers a
/// feature as `Feature(…, initialState: Cart.State()) { _ in Cart() }`, so the struct, its
/// nested `State` and both `init()`s must be public; a feature that misses one is skipped
/// with a warning that says what to add and where.
///
/// It also notes what the registration needs beyond `Name()`: whether the feature's file
/// imports swift-dependencies (or the Composable Architecture), and whether the type declares
/// a public `static let middleware: [Middleware<…>]`, in its body or in an extension in any
/// file of its module; and which of the package's dependency clients its module reads
/// (`@Dependency(\.inventory)`), with the live value its registration states for each
/// (``DependencyClient``).
///
/// And it checks, before the user waits for a build, that each feature's `State` and
/// `Action` can be `Codable`, as the debugger needs (``CodableCheck``). A feature with a
/// member that certainly cannot be is skipped with a warning at that member's
/// `file:line:column` saying what to use instead, and the others are registered. Skipped
/// rather than refused: its registration could never build, and writing it would break the
/// whole debugger target, while refusing would hold back every other feature; once it is
/// fixed, `sluice-init --update` adds it.
package struct FeatureScanner {
  private var registrable: [(feature: FoundFeature, subjects: [CodableSubject])] = []
  private var notRegistrable: [SkippedFeature] = []
  /// `module` and type name of every type with a public static `middleware` member.
  private var middlewareOwners: Set<[String]> = []
  private var types = DeclaredTypes()
  private var dependencies = DependencyDeclarations()

  package init() {}

  /// The features found so far, registrable from another module.
  package var features: [FoundFeature] {
    let check = types.codableCheck
    return registrable.filter { problems(of: $0.subjects, check: check).isEmpty }.map { found in
      var feature = found.feature
      feature.hasMiddleware = middlewareOwners.contains([feature.module, feature.typeName])
      if feature.readsDependencies { feature.clients = dependencies.clients(readIn: feature.module) }
      return feature
    }
  }

  /// The features found so far that cannot be registered, with why, in the order found.
  package var skipped: [SkippedFeature] {
    let check = types.codableCheck
    return notRegistrable
      + registrable.flatMap { found in
        problems(of: found.subjects, check: check).map {
          SkippedFeature(location: $0.location, typeName: found.feature.typeName, reason: $0.reason)
        }
      }
  }

  /// What keeps `subjects` from being `Codable`, member by member.
  private func problems(of subjects: [CodableSubject], check: CodableCheck) -> [(location: String, reason: String)] {
    subjects.flatMap { subject -> [(location: String, reason: String)] in
      let needs = subject.role == "State" ? "Codable, Equatable and Sendable" : "Codable and Sendable"
      if let exclusion = subject.exclusion {
        return [(exclusion.location, "its \(subject.typeName) is declared `\(exclusion.text)`, and the debugger needs it \(needs) (it keeps and saves copies): remove `\(exclusion.text)`")]
      }
      guard !subject.codesItself, !types.codesItself(subject.typeName) else { return [] }
      return subject.members.compactMap { member in
        check.problem(with: member.type).map {
          (member.location, "`\(subject.typeName).\(member.name)` cannot be Codable, and the debugger needs \(subject.role) \(needs): \($0)")
        }
      }
    }
  }

  /// Scans one file of `module`; `path` names it in warnings.
  package mutating func scan(_ source: String, path: String, module: String) {
    let tree = Parser.parse(source: source)
    let visitor = FeatureVisitor(converter: SourceLocationConverter(fileName: path, tree: tree), module: module)
    visitor.walk(tree)
    for candidate in visitor.candidates {
      if let reason = candidate.missing {
        notRegistrable.append(SkippedFeature(location: candidate.location, typeName: candidate.typeName, reason: reason))
      } else {
        let feature = FoundFeature(
          module: module, typeName: candidate.typeName, summary: candidate.summary,
          readsDependencies: visitor.importsDependencies)
        registrable.append((feature, candidate.subjects))
      }
    }
    middlewareOwners.formUnion(visitor.middlewareOwners.map { [module, $0] })
    types.merge(visitor.types)
    dependencies.merge(visitor.dependencies)
  }
}

/// A struct that declares itself a feature, with what keeps it from being registered.
private struct Candidate {
  let typeName: String
  let location: String
  let summary: String
  let missing: String?
  /// Its `State` and `Action`, to check that they can be `Codable`.
  let subjects: [CodableSubject]
}

private final class FeatureVisitor: SyntaxVisitor {
  let converter: SourceLocationConverter
  let module: String
  var candidates: [Candidate] = []
  /// Whether the file imports `Dependencies` or `ComposableArchitecture`.
  var importsDependencies = false
  /// The types (as `Outer.Name`) this file gives a public static `middleware` member.
  var middlewareOwners: [String] = []
  /// The classes, other types and extensions this file declares.
  var types = DeclaredTypes()
  /// The dependency clients this file declares and the ones it reads.
  var dependencies = DependencyDeclarations()
  /// The names of the types being walked, outermost first, and whether each is public.
  private var enclosing: [(name: String, isPublic: Bool)] = []
  /// For each type being walked, whether its members are public without saying so (the
  /// members of a `public extension`).
  private var membersArePublic: [Bool] = []

  /// The modules whose import marks a feature as reading swift-dependencies' values.
  static let dependencyModules: Set<String> = ["Dependencies", "ComposableArchitecture"]

  init(converter: SourceLocationConverter, module: String) {
    self.converter = converter
    self.module = module
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    if Self.isFeature(node) { consider(node) }
    types.otherTypes.insert(node.name.text)
    notePublic(node.name.text, node.modifiers.isPublic)
    enter(node.name.text, isPublic: node.modifiers.isPublic)
    return .visitChildren
  }

  override func visitPost(_ node: StructDeclSyntax) { leave() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    types.otherTypes.insert(node.name.text)
    notePublic(node.name.text, node.modifiers.isPublic)
    enter(node.name.text, isPublic: node.modifiers.isPublic)
    return .visitChildren
  }

  override func visitPost(_ node: EnumDeclSyntax) { leave() }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    let place = node.name.startLocation(converter: converter)
    types.classes.append(
      DeclaredTypes.Class(
        name: node.name.text, location: "\(place.file):\(place.line):\(place.column)",
        inherited: node.inheritanceClause?.inheritedTypes.map { DeclaredTypes.name(of: $0.type) } ?? [],
        attributes: node.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription },
        codesItself: CodableSubject.codesItself(node.memberBlock.members)))
    notePublic(node.name.text, node.modifiers.isPublic)
    enter(node.name.text, isPublic: node.modifiers.isPublic)
    return .visitChildren
  }

  override func visitPost(_ node: ClassDeclSyntax) { leave() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    // Members of an extension are as visible as the type it extends, which another file
    // declares; the compiler will say if it is not public.
    types.extensions.append(
      DeclaredTypes.Extension(
        type: node.extendedType.trimmedDescription,
        inherited: node.inheritanceClause?.inheritedTypes.map { DeclaredTypes.name(of: $0.type) } ?? [],
        codesItself: CodableSubject.codesItself(node.memberBlock.members)))
    enter(node.extendedType.trimmedDescription, isPublic: true, membersArePublic: node.modifiers.isPublic)
    return .visitChildren
  }

  override func visitPost(_ node: ExtensionDeclSyntax) { leave() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    types.otherTypes.insert(node.name.text)
    return .skipChildren
  }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    types.otherTypes.insert(node.name.text)
    return .skipChildren
  }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    types.otherTypes.insert(node.name.text)
    return .skipChildren
  }

  /// Notes `name`, declared in the types being walked, as public when it and they all are.
  private func notePublic(_ name: String, _ isPublic: Bool) {
    guard isPublic, enclosing.allSatisfy(\.isPublic) else { return }
    dependencies.publicTypes.insert((enclosing.map(\.name) + [name]).joined(separator: "."))
  }

  private func enter(_ name: String, isPublic: Bool, membersArePublic: Bool = false) {
    enclosing.append((name, isPublic))
    self.membersArePublic.append(membersArePublic)
  }

  private func leave() {
    enclosing.removeLast()
    membersArePublic.removeLast()
  }

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    if let module = node.path.first?.name.text, Self.dependencyModules.contains(module) { importsDependencies = true }
    return .skipChildren
  }

  /// Notes `public static let middleware: [Middleware<…>]` (or a `var`), the only form the
  /// debugger's `middleware:` argument certainly accepts as it is; a function, or a member
  /// whose type is not written, is left for the user to register by hand.
  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    noteDependencyReads(node)
    noteDependencyDeclaration(node)
    guard !enclosing.isEmpty, node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
      node.modifiers.isPublic || membersArePublic.last == true,
      let binding = node.bindings.first, node.bindings.count == 1,
      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "middleware",
      let type = binding.typeAnnotation?.type.as(ArrayTypeSyntax.self)?.element,
      Self.isMiddleware(type)
    else { return .skipChildren }
    middlewareOwners.append(enclosing.map(\.name).joined(separator: "."))
    return .skipChildren
  }

  /// Notes the name each `@Dependency(\.name)` on `node` reads.
  private func noteDependencyReads(_ node: VariableDeclSyntax) {
    for case .attribute(let attribute) in node.attributes {
      let attributeName = attribute.attributeName.trimmedDescription
      guard attributeName == "Dependency" || attributeName == "Dependencies.Dependency",
        case .argumentList(let arguments) = attribute.arguments,
        let keyPath = arguments.first?.expression.as(KeyPathExprSyntax.self), keyPath.root == nil,
        let property = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self)
      else { continue }
      let name = property.declName.baseName.text
      if !(dependencies.reads[module] ?? []).contains(name) { dependencies.reads[module, default: []].append(name) }
    }
  }

  /// Notes a public accessor of `extension DependencyValues`, and a public static `liveValue`.
  private func noteDependencyDeclaration(_ node: VariableDeclSyntax) {
    guard let owner = enclosing.last, node.modifiers.isPublic || membersArePublic.last == true,
      node.bindings.count == 1, let binding = node.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    else { return }
    let isStatic = node.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
    if isStatic, name == "liveValue" {
      dependencies.liveValueOwners[enclosing.map(\.name).joined(separator: ".")] = module
    } else if !isStatic, enclosing.count == 1,
      owner.name == "DependencyValues" || owner.name == "Dependencies.DependencyValues",
      DependencyClient.isIdentifier(name), let type = binding.typeAnnotation?.type.trimmedDescription
    {
      dependencies.accessors.append(
        DependencyDeclarations.Accessor(module: module, name: name, valueType: type, key: Self.subscriptKey(in: binding)))
    }
  }

  /// `Key` in the first `self[Key.self]` of an accessor's body, else `nil`.
  private static func subscriptKey(in binding: PatternBindingSyntax) -> String? {
    guard let body = binding.accessorBlock else { return nil }
    let tokens = Array(body.tokens(viewMode: .sourceAccurate))
    for index in tokens.indices.dropLast(2)
    where tokens[index].tokenKind == .keyword(.self) && tokens[index + 1].tokenKind == .leftSquare {
      let inside = tokens[(index + 2)...].prefix { $0.tokenKind != .rightSquare }.map(\.text).joined()
      guard inside.hasSuffix(".self") else { continue }
      return String(inside.dropLast(".self".count))
    }
    return nil
  }

  private static func isMiddleware(_ type: TypeSyntax) -> Bool {
    if let name = type.as(IdentifierTypeSyntax.self) {
      return name.name.text == "Middleware" && name.genericArgumentClause != nil
    }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.baseType.trimmedDescription == "Sluice" && member.name.text == "Middleware"
        && member.genericArgumentClause != nil
    }
    return false
  }

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
    let missing = missing(in: node, typeName: typeName)
    let subjects =
      missing != nil
      ? []
      : node.memberBlock.members.compactMap { item -> CodableSubject? in
        guard let subject = CodableSubject(item.decl, in: typeName, converter: converter),
          subject.role == "State" || subject.role == "Action"
        else { return nil }
        return subject
      }
    candidates.append(
      Candidate(
        typeName: typeName, location: location, summary: Self.summary(of: node) ?? typeName,
        missing: missing, subjects: subjects))
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
