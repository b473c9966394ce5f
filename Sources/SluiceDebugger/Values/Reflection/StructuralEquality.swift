/// Equality for values of any type, `Equatable` or not: `==` where the type has
/// it, otherwise a comparison of the values' parts by reflection.
///
/// Used only where a diff must compare parts it cannot compare with `==` (elements
/// of arrays whose element type is not `Equatable`, and the like).
enum StructuralEquality {
  static func areEqual(_ lhs: Any, _ rhs: Any, depth: Int = 0) -> Bool {
    if let array = lhs as? any IndexedElements, array.sharesStorage(with: rhs) {
      return true
    }
    if let equal = isEqual(lhs, rhs) {
      return equal
    }
    guard type(of: lhs) == type(of: rhs) else { return false }
    // Deeper than any real state: assume a difference rather than recurse forever.
    guard depth < 128 else { return false }
    let left = Reflection(lhs)
    switch left.shape {
    case .scalar:
      return Reflection.scalarText(lhs) == Reflection.scalarText(rhs)
    case .optional:
      switch (left.unwrapped, Reflection(rhs).unwrapped) {
      case (nil, nil): return true
      case (let lhs?, let rhs?): return areEqual(lhs, rhs, depth: depth + 1)
      default: return false
      }
    case .object:
      if (lhs as AnyObject) === (rhs as AnyObject) { return true }
      return fieldsEqual(left.fields, Reflection(rhs).fields, depth: depth)
    case .structure, .tuple:
      return fieldsEqual(left.fields, Reflection(rhs).fields, depth: depth)
    case .enumeration:
      let right = Reflection(rhs)
      return left.caseName == right.caseName
        && fieldsEqual(left.payloadFields, right.payloadFields, depth: depth)
    case .collection, .set:
      if let leftArray = lhs as? any IndexedElements, let rightArray = rhs as? any IndexedElements {
        return leftArray.elementCount == rightArray.elementCount
          && (0..<leftArray.elementCount).allSatisfy {
            areEqual(leftArray.element(at: $0), rightArray.element(at: $0), depth: depth + 1)
          }
      }
      let leftElements = left.mirror.children.map(\.value)
      let rightElements = Reflection(rhs).mirror.children.map(\.value)
      return leftElements.count == rightElements.count
        && zip(leftElements, rightElements).allSatisfy { areEqual($0, $1, depth: depth + 1) }
    case .dictionary:
      guard let dictionary = lhs as? any KeyedEntries,
        let differences = dictionary.differences(
          to: rhs, comparingValuesWith: { areEqual($0, $1, depth: depth + 1) })
      else {
        return false
      }
      return differences.removed.isEmpty && differences.inserted.isEmpty && differences.changed.isEmpty
    }
  }

  private static func fieldsEqual(
    _ lhs: [(label: String?, value: Any)], _ rhs: [(label: String?, value: Any)], depth: Int
  ) -> Bool {
    lhs.count == rhs.count
      && zip(lhs, rhs).allSatisfy { $0.label == $1.label && areEqual($0.value, $1.value, depth: depth + 1) }
  }
}
