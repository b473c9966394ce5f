/// Sets of any element type: what was removed and inserted, by hashing.
protocol SetDifferencing {
  /// Elements only in `self` and only in `other`, or `nil` if `other` is another type.
  func differences(to other: Any) -> (removed: [Any], inserted: [Any], unchangedCount: Int)?
}

extension Set: SetDifferencing {
  func differences(to other: Any) -> (removed: [Any], inserted: [Any], unchangedCount: Int)? {
    guard let other = other as? Self else { return nil }
    let removed = subtracting(other)
    let inserted = other.subtracting(self)
    return (removed.map { $0 }, inserted.map { $0 }, count - removed.count)
  }
}
