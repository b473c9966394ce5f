import SwiftSyntax

/// The classes, other types and extensions declared in the scanned sources, which decide
/// whether a class a `State` or `Action` holds is certainly not `Codable`, and whether a type
/// codes itself in an extension.
struct DeclaredTypes {
  struct Class {
    let name: String
    let location: String
    /// Its superclass and conformances, by name.
    let inherited: [String]
    /// The names of its attributes: a macro among them may add a conformance.
    let attributes: [String]
    let codesItself: Bool
  }

  struct Extension {
    /// The extended type, as written: `Todos.State`.
    let type: String
    let inherited: [String]
    let codesItself: Bool
  }

  var classes: [Class] = []
  /// Names of structs, enums, protocols, actors and type aliases.
  var otherTypes: Set<String> = []
  var extensions: [Extension] = []

  /// What a class may inherit from and still certainly not be `Codable`.
  private static let notCodable: Set<String> = [
    "AnyObject", "Sendable", "Equatable", "Hashable", "Identifiable", "Comparable", "CustomStringConvertible",
    "CustomDebugStringConvertible", "Observable", "ObservableObject",
  ]
  /// Attributes that add no conformance that could make a class `Codable`.
  private static let harmlessAttributes: Set<String> = ["MainActor", "Observable", "objc", "preconcurrency", "available"]
  private static let coding: Set<String> = ["Codable", "Encodable", "Decodable", "Swift.Codable"]

  mutating func merge(_ other: DeclaredTypes) {
    classes += other.classes
    otherTypes.formUnion(other.otherTypes)
    extensions += other.extensions
  }

  /// A type's name as inherited: `Sendable` for `@unchecked Sendable`.
  static func name(of type: TypeSyntax) -> String {
    if let attributed = type.as(AttributedTypeSyntax.self) { return attributed.baseType.trimmedDescription }
    return type.trimmedDescription
  }

  /// Whether an extension of `typeName` in the sources writes `init(from:)` and
  /// `encode(to:)`.
  func codesItself(_ typeName: String) -> Bool {
    extensions.contains { ($0.type == typeName || $0.type.hasSuffix("." + typeName)) && $0.codesItself }
  }

  /// The check, knowing these sources: a class is certainly not Codable when it is declared
  /// once, no other type shares its name, it has no attribute that could add a conformance,
  /// and neither it nor an extension of it inherits anything but known non-Codable protocols.
  var codableCheck: CodableCheck {
    let byName = Dictionary(grouping: classes, by: \.name)
    var nonCodable: [String: String] = [:]
    for (name, declarations) in byName where declarations.count == 1 && !otherTypes.contains(name) {
      let declaration = declarations[0]
      let extended = extensions.filter { $0.type == name || $0.type.hasSuffix("." + name) }
      let inherited = declaration.inherited + extended.flatMap(\.inherited)
      guard inherited.allSatisfy(Self.notCodable.contains),
        declaration.attributes.allSatisfy(Self.harmlessAttributes.contains),
        !declaration.codesItself, !extended.contains(where: \.codesItself)
      else { continue }
      nonCodable[name] = declaration.location
    }
    let resultIsCodable = extensions.contains {
      ($0.type == "Result" || $0.type.hasPrefix("Result<") || $0.type.hasPrefix("Swift.Result"))
        && !$0.inherited.filter(Self.coding.contains).isEmpty
    }
    return CodableCheck(nonCodableClasses: nonCodable, resultIsCodable: resultIsCodable)
  }
}
