/// Whether an `expect` held, with what was expected and what was found.
public struct ExpectationOutcome: Sendable, Equatable {
  /// The expectation as written: `count == 3`, `todos changed`.
  public let expression: String
  /// Whether it held.
  public let passed: Bool
  /// What was expected, on one line: `3`, `todos to change`.
  public let expected: String
  /// What was found, on one line: `2`, or why the path leads nowhere.
  public let actual: String
  /// Expected (−) against actual (+), line by line, when the values span several lines;
  /// empty otherwise.
  public let diff: [StateDiff.Line]

  /// Creates an outcome.
  public init(expression: String, passed: Bool, expected: String, actual: String, diff: [StateDiff.Line] = []) {
    self.expression = expression
    self.passed = passed
    self.expected = expected
    self.actual = actual
    self.diff = diff
  }
}
