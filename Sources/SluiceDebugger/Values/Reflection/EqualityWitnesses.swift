/// `==` for values known only as `Any`, with the `Equatable` conformance of each type
/// looked up once per diff rather than once per value.
///
/// The lookup (a dynamic cast to `any Equatable`) costs microseconds; a wide struct of
/// `Int` fields would otherwise pay it for every field. The witnesses live for one diff
/// only, on purpose: a conformance may be isolated to a global actor and found by the
/// cast only while running there, so a witness learned in one diff must not be reused
/// by a diff running elsewhere.
struct EqualityWitnesses {
  /// Per type: a comparison specialised for it, or `nil` when it is not `Equatable`.
  private var witnesses: [ObjectIdentifier: ((Any, Any) -> Bool)?] = [:]

  /// `old == new` for two values of exactly `type`, or `nil` when `type` is not
  /// `Equatable`.
  mutating func isEqual(_ old: Any, _ new: Any, of type: Any.Type) -> Bool? {
    let key = ObjectIdentifier(type)
    if let known = witnesses[key] {
      return known?(old, new)
    }
    let witness = (old as? any Equatable).map { Self.witness(for: $0) }
    witnesses[key] = witness
    return witness?(old, new)
  }

  /// A comparison for `T`: the arguments are cast to their exact type, the cast's
  /// fast path, and compared with `T`'s own `==`.
  private static func witness<T: Equatable>(for _: T) -> (Any, Any) -> Bool {
    { lhs, rhs in
      guard let lhs = lhs as? T, let rhs = rhs as? T else { return false }
      return lhs == rhs
    }
  }
}
