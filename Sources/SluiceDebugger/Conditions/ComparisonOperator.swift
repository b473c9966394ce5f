/// How a condition compares the value at a path with a literal.
public enum ComparisonOperator: String, Sendable, CaseIterable {
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  /// An array, set or dictionary (by key) holds an element matching the literal, or a string
  /// contains the literal string.
  case contains
}
