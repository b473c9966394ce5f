import Foundation

/// What a diff needs to know about one type, learned once per type and shared.
///
/// Every fact here depends on the type alone, never on a value or on where the code
/// runs: whether the type is a scalar leaf, whether it is an array type (a conformance
/// declared unconditionally in this module, so never isolated), and its short name
/// (parsed from the runtime's name, microseconds per type). Keyed by the type's
/// metadata, so two instantiations of a generic type (`Box<Int>`, `Box<String>`) and
/// every class (its dynamic type, not a superclass) get facts of their own.
///
/// Not cached here: anything a custom mirror could change per value (display style,
/// children, labels), and `Equatable` conformances, which may be isolated to a global
/// actor (a dynamic cast finds them only while running on that actor), so whether a
/// type is `Equatable` can depend on the caller; `EqualityWitnesses` keeps those per
/// diff.
final class TypeFacts: Sendable {
  /// The short name, as `TypeName.short` gives it.
  let typeName: String
  /// A leaf (number, text, Foundation value): compared and shown without a mirror.
  let isScalar: Bool
  /// An array type (`IndexedElements`): elements are read without a mirror.
  let isIndexed: Bool

  private init(_ type: Any.Type) {
    typeName = TypeName.short(type)
    isScalar = Reflection.isScalarType(type)
    isIndexed = type is any IndexedElements.Type
  }

  /// The facts about `type`, computed on first use. Type metadata is never freed, so
  /// an `ObjectIdentifier` of a type is never reused for another type.
  static func of(_ type: Any.Type) -> TypeFacts {
    cache.value(for: type) { TypeFacts(type) }
  }

  private static let cache = TypeKeyedCache<TypeFacts>()
}
