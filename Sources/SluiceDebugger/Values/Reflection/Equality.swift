/// Compares two values with `==` when their type is `Equatable`, without knowing the
/// type statically: `nil` when the type is not `Equatable`, `false` when the two
/// values have different types.
///
/// The first value is opened as `any Equatable`, so the comparison runs the type's
/// own (specialised) `==`, with every fast path it has, such as arrays and strings
/// that share storage comparing in constant time.
package func isEqual(_ lhs: Any, _ rhs: Any) -> Bool? {
  guard let lhs = lhs as? any Equatable else { return nil }
  return lhs.isEqual(toAny: rhs)
}

extension Equatable {
  /// `self == other` when `other` has the same type; `false` otherwise.
  fileprivate func isEqual(toAny other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
