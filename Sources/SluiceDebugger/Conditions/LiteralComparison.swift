import Foundation

/// Compares a value, as a tree, with a literal typed by a person: structurally, numbers by
/// value, strings by content, enum cases by name and payload.
enum LiteralComparison {
  static func compare(_ value: ValueTree, _ comparison: ComparisonOperator, _ literal: ActionLiteral) -> Bool {
    switch comparison {
    case .equal: return matches(literal, value)
    case .notEqual: return !matches(literal, value)
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      guard let order = order(of: value, against: literal) else { return false }
      switch comparison {
      case .less: return order < 0
      case .lessOrEqual: return order <= 0
      case .greater: return order > 0
      default: return order >= 0
      }
    case .contains:
      return contains(value, literal)
    }
  }

  /// Whether `literal` describes `value`.
  static func matches(_ literal: ActionLiteral, _ value: ValueTree) -> Bool {
    switch (literal, value) {
    case (.nil, .optional(nil)):
      return true
    case (.nil, _):
      return false
    case (_, .optional(let wrapped?)):
      return matches(literal, wrapped)
    case (.boolean(let flag), .scalar(_, let text)):
      return text == String(flag)
    case (.integer, .scalar(_, let text)), (.floatingPoint, .scalar(_, let text)):
      guard let expected = number(literal), let actual = Double(text) else { return false }
      return expected == actual
    case (.string(let string), .scalar(_, let text)):
      return text == SwiftStringEscaping.quoted(string) || text == string
    case (.enumCase(let name, let arguments), .enumCase(_, let caseName, let payload)):
      guard name == caseName else { return false }
      guard let arguments else { return true }
      return fieldsMatch(arguments, payload)
    case (.enumCase(let name, nil), .scalar(_, let text)):
      // Enums with raw values and other scalars rendered by name.
      return text == name || text == "." + name
    case (.array(let elements), .collection(.array, _, let values)):
      return elements.count == values.count && zip(elements, values).allSatisfy(matches)
    case (.array(let elements), .collection(.set, _, let values)):
      return elements.count == values.count
        && elements.allSatisfy { element in values.contains { matches(element, $0) } }
    case (.dictionary(let entries), .dictionary(_, let values)):
      return entries.count == values.count
        && entries.allSatisfy { entry in
          values.contains { matches(entry.key, $0.key) && matches(entry.value, $0.value) }
        }
    case (.tuple(let arguments), .structure(_, let fields)), (.tuple(let arguments), .tuple(let fields)):
      return fieldsMatch(arguments, fields)
    default:
      return false
    }
  }

  private static func fieldsMatch(_ arguments: [ActionLiteral.Argument], _ fields: [ValueTree.Field]) -> Bool {
    guard arguments.count == fields.count else { return false }
    return zip(arguments, fields).allSatisfy { argument, field in
      (argument.label == nil || argument.label == field.label) && matches(argument.value, field.value)
    }
  }

  /// -1, 0 or 1 as `value` is less than, equal to or greater than `literal`, for numbers and
  /// strings; `nil` when they cannot be ordered.
  private static func order(of value: ValueTree, against literal: ActionLiteral) -> Int? {
    switch (value, literal) {
    case (.optional(let wrapped?), _):
      return order(of: wrapped, against: literal)
    case (.scalar(_, let text), .integer), (.scalar(_, let text), .floatingPoint):
      guard let actual = Double(text), let expected = number(literal) else { return nil }
      return actual < expected ? -1 : actual > expected ? 1 : 0
    case (.scalar(_, let text), .string(let string)):
      let actual = text.hasPrefix("\"") ? String(text.dropFirst().dropLast()) : text
      return actual < string ? -1 : actual > string ? 1 : 0
    case (.collection(_, _, let elements), .integer):
      // `todos < 3` compares the count, which is what a person means.
      guard let expected = number(literal) else { return nil }
      let count = Double(elements.count)
      return count < expected ? -1 : count > expected ? 1 : 0
    default:
      return nil
    }
  }

  private static func contains(_ value: ValueTree, _ literal: ActionLiteral) -> Bool {
    switch (value, literal) {
    case (.optional(let wrapped?), _):
      return contains(wrapped, literal)
    case (.collection(_, _, let elements), _):
      return elements.contains { matches(literal, $0) }
    case (.dictionary(_, let entries), _):
      return entries.contains { matches(literal, $0.key) }
    case (.scalar(_, let text), .string(let string)):
      return text.contains(string)
    default:
      return false
    }
  }

  private static func number(_ literal: ActionLiteral) -> Double? {
    switch literal {
    case .integer(let text), .floatingPoint(let text):
      let cleaned = text.replacingOccurrences(of: "_", with: "")
      if let integer = Int64(cleaned) { return Double(integer) }
      for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        let negative = cleaned.hasPrefix("-")
        let digits = negative ? String(cleaned.dropFirst()) : cleaned
        if digits.hasPrefix(prefix), let value = Int64(digits.dropFirst(2), radix: radix) {
          return Double(negative ? -value : value)
        }
      }
      return Double(cleaned)
    default:
      return nil
    }
  }
}
