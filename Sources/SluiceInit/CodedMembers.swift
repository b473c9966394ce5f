import SwiftSyntax

/// The members a synthesized `Codable` conformance encodes, read from a `State` or `Action`
/// declaration: a struct's stored properties with a written type, an enum's case payloads.
/// Properties with an attribute (a property wrapper codes them its own way), `static`,
/// `lazy` and computed ones are left out, and so is every member when the type writes its
/// own `init(from:)` and `encode(to:)`, or its `CodingKeys` leaves the member out.
struct CodedMember {
  /// `onTap`, or `loaded` (a payload: `loaded.0`, or `loaded.items` when labelled).
  let name: String
  /// `file:line:column` of the member's name.
  let location: String
  let type: TypeSyntax
}

/// What the scanner keeps of a `State` or `Action` to check, once every file is read.
struct CodableSubject {
  /// `Todos.State`.
  let typeName: String
  /// `State` or `Action`.
  let role: String
  let members: [CodedMember]
  /// A conformance that rules `Codable` out (`~Copyable`), and where it is written.
  let exclusion: (text: String, location: String)?
  /// Whether its body writes both `init(from:)` and `encode(to:)`.
  let codesItself: Bool

  init?(_ decl: DeclSyntax, in owner: String, converter: SourceLocationConverter) {
    func place(_ node: some SyntaxProtocol) -> String {
      let location = node.startLocation(converter: converter)
      return "\(location.file):\(location.line):\(location.column)"
    }
    let members: MemberBlockItemListSyntax
    let inherited: InheritedTypeListSyntax?
    let name: String
    if let type = decl.as(StructDeclSyntax.self) {
      (members, inherited, name) = (type.memberBlock.members, type.inheritanceClause?.inheritedTypes, type.name.text)
    } else if let type = decl.as(EnumDeclSyntax.self) {
      (members, inherited, name) = (type.memberBlock.members, type.inheritanceClause?.inheritedTypes, type.name.text)
    } else {
      return nil
    }
    typeName = "\(owner).\(name)"
    role = name
    exclusion = inherited?.lazy.compactMap { entry -> (String, String)? in
      guard let suppressed = entry.type.as(SuppressedTypeSyntax.self) else { return nil }
      return (suppressed.trimmedDescription, place(suppressed))
    }.first
    codesItself = Self.codesItself(members)
    let keys = Self.codingKeys(members)
    var found: [CodedMember] = []
    for item in members {
      if let variable = item.decl.as(VariableDeclSyntax.self), variable.attributes.isEmpty,
        !variable.modifiers.contains(where: { [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind) })
      {
        for binding in variable.bindings {
          guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self),
            let type = binding.typeAnnotation?.type, Self.isStored(binding),
            keys?.contains(identifier.identifier.text) ?? true
          else { continue }
          found.append(CodedMember(name: identifier.identifier.text, location: place(identifier), type: type))
        }
      }
      if let cases = item.decl.as(EnumCaseDeclSyntax.self) {
        for element in cases.elements where keys?.contains(element.name.text) ?? true {
          for (index, parameter) in (element.parameterClause?.parameters ?? []).enumerated() {
            let label = parameter.firstName.map { $0.text == "_" ? "\(index)" : $0.text } ?? "\(index)"
            found.append(CodedMember(name: "\(element.name.text).\(label)", location: place(parameter.type), type: parameter.type))
          }
        }
      }
    }
    self.members = found
  }

  /// A stored property: no accessors, or only observers (`willSet`, `didSet`).
  private static func isStored(_ binding: PatternBindingSyntax) -> Bool {
    guard let accessors = binding.accessorBlock?.accessors else { return true }
    guard case .accessors(let list) = accessors else { return false }
    return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
  }

  /// Whether `members` write `init(from:)` and `func encode(to:)`.
  static func codesItself(_ members: MemberBlockItemListSyntax) -> Bool {
    let decodes = members.contains {
      $0.decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.first?.firstName.text == "from"
    }
    let encodes = members.contains {
      guard let function = $0.decl.as(FunctionDeclSyntax.self) else { return false }
      return function.name.text == "encode" && function.signature.parameterClause.parameters.first?.firstName.text == "to"
    }
    return decodes && encodes
  }

  /// The names a nested `CodingKeys` enum lists, or `nil` when there is none.
  private static func codingKeys(_ members: MemberBlockItemListSyntax) -> Set<String>? {
    for item in members {
      guard let keys = item.decl.as(EnumDeclSyntax.self), keys.name.text == "CodingKeys" else { continue }
      return Set(
        keys.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }.flatMap(\.elements).map(\.name.text))
    }
    return nil
  }
}
