import Foundation
import Sluice

/// Compares the value at a condition's path with its literal *as the value's own type*: the
/// literal is decoded as that type by the decoding actions use, then compared with the
/// type's own `==`, or `<` when it is `Comparable`. A literal that cannot be that type is an
/// error, never a comparison of texts: `addedAt > "2099-01-01"` against a `Date` decodes the
/// string as a date, and `priceCents > "1000"` against an `Int` is refused.
enum TypedComparison {
  /// Whether `value` and `literal` stand in `comparison`.
  ///
  /// - Throws: A ``DebugError`` when the literal is not a value of `value`'s type, or when
  ///   the comparison needs an order the type does not have.
  static func compare(
    _ value: Any, _ comparison: ComparisonOperator, _ literal: ActionLiteral, literalText: String
  ) throws(DebugError) -> Bool {
    let valueType = type(of: value)
    switch comparison {
    case .contains:
      return try contains(value, literal, literalText: literalText)
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      // `todos < 3` compares a collection's count, which is what a person means.
      if case .integer = literal, let count = elementCount(of: value) {
        let expected = try decode(literal, as: Int.self, literalText: literalText)
        return holds(comparison, count < expected ? -1 : count > expected ? 1 : 0)
      }
      let expected = try decode(literal, asTypeOf: value, literalText: literalText)
      guard let lhs = Reflection.flattened(value), let rhs = Reflection.flattened(expected) else {
        // `nil` has no order: an ordering with a missing value does not hold.
        return false
      }
      guard let order = order(lhs, rhs) else {
        throw DebugError(
          "\(TypeName.short(valueType)) has no order: `\(comparison.rawValue)` needs a Comparable value "
            + "(numbers, strings, dates…); use == or !=")
      }
      return holds(comparison, order)
    case .equal, .notEqual:
      let equal: Bool
      if let caseMatch = matchesCaseName(value, literal) {
        // `status == .paid` asks which case it is, whatever `.paid` carries.
        equal = caseMatch
      } else {
        let expected = try decode(literal, asTypeOf: value, literalText: literalText)
        equal = isEqual(value, expected) ?? (ValueTree(reflecting: value) == ValueTree(reflecting: expected))
      }
      return comparison == .equal ? equal : !equal
    }
  }

  /// For a bare case name (`.paid`, no arguments) that names a case with a payload:
  /// whether the value is that case, whatever it carries. `nil` when the literal is not a
  /// bare case name, names a case without payload (decoded and compared as usual), or names
  /// no case of the value's type (an error when decoded).
  private static func matchesCaseName(_ value: Any, _ literal: ActionLiteral) -> Bool? {
    guard case .enumCase(let name, nil) = literal, let value = Reflection.flattened(value),
      Mirror(reflecting: value).displayStyle == .enum,
      let type = Swift.type(of: value) as? any Decodable.Type
    else { return nil }
    do {
      _ = try LiteralDecoder().decode(type, from: literal)
      return nil
    } catch {
      if case .unknownCase = error.reason { return nil }
    }
    // `.paid` takes a payload: the value matches when it is that case. Its case name is the
    // first component of the path the runtime names it by (`paid`, or `cart` of `cart.checkout`).
    return caseName(of: value).split(separator: ".").first.map(String.init) == name
  }

  private static func holds(_ comparison: ComparisonOperator, _ order: Int) -> Bool {
    switch comparison {
    case .less: order < 0
    case .lessOrEqual: order <= 0
    case .greater: order > 0
    case .greaterOrEqual: order >= 0
    default: false
    }
  }

  /// `contains`: a substring of a string, an element of an array or set (the literal typed
  /// as the elements are), or a key of a dictionary.
  private static func contains(_ value: Any, _ literal: ActionLiteral, literalText: String) throws(DebugError) -> Bool {
    guard let value = Reflection.flattened(value) else { return false }
    if let text = value as? String {
      return text.contains(try decode(literal, as: String.self, literalText: literalText))
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .collection?, .set?:
      for child in mirror.children {
        let expected = try decode(literal, asTypeOf: child.value, literalText: literalText)
        if isEqual(child.value, expected) ?? (ValueTree(reflecting: child.value) == ValueTree(reflecting: expected)) {
          return true
        }
      }
      return false
    case .dictionary?:
      for child in mirror.children {
        guard let key = Mirror(reflecting: child.value).children.first?.value else { continue }
        let expected = try decode(literal, asTypeOf: key, literalText: literalText)
        if isEqual(key, expected) == true { return true }
      }
      return false
    default:
      throw DebugError(
        "\(TypeName.short(type(of: value))) is not a string or a collection: `contains` needs one")
    }
  }

  private static func elementCount(of value: Any) -> Int? {
    guard let value = Reflection.flattened(value) else { return nil }
    switch Mirror(reflecting: value).displayStyle {
    case .collection?, .set?, .dictionary?: return Mirror(reflecting: value).children.count
    default: return nil
    }
  }

  /// The literal decoded as the dynamic type of `value`.
  private static func decode(_ literal: ActionLiteral, asTypeOf value: Any, literalText: String) throws(DebugError) -> Any {
    guard let type = type(of: value) as? any Decodable.Type else {
      throw DebugError("\(TypeName.short(Swift.type(of: value))) cannot be typed as text: it is not Decodable")
    }
    return try decode(literal, as: type, literalText: literalText)
  }

  private static func decode<T: Decodable>(_ literal: ActionLiteral, as type: T.Type, literalText: String) throws(DebugError) -> T {
    do {
      return try LiteralDecoder().decode(type, from: literal)
    } catch {
      throw DebugError("\(literalText) is not \(TypeName.withArticle(type)): \(error)")
    }
  }

  /// -1, 0 or 1, when `lhs` is `Comparable` and `rhs` of the same type.
  private static func order(_ lhs: Any, _ rhs: Any) -> Int? {
    guard let lhs = lhs as? any Comparable else { return nil }
    return lhs.order(comparedTo: rhs)
  }
}

extension Comparable {
  /// -1, 0 or 1 as `self` is less than, equal to or greater than `other`; `nil` when
  /// `other` is of another type.
  fileprivate func order(comparedTo other: Any) -> Int? {
    guard let other = other as? Self else { return nil }
    return self < other ? -1 : self > other ? 1 : 0
  }
}
