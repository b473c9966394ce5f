extension CommandInterpreter {
  func evaluate(_ expectation: Command.Expectation) throws(DebugError) -> ExpectationOutcome {
    let session = try session()
    switch expectation {
    case .condition(let condition):
      let expression = condition.description
      let expected =
        condition.comparison == .equal
        ? condition.literalText : "\(condition.comparison.rawValue) \(condition.literalText)"
      let actual: ValueTree
      do {
        actual = try session.inspection.tree(at: condition.path.description)
      } catch {
        // A path that leads nowhere fails the expectation; the script goes on.
        return ExpectationOutcome(expression: expression, passed: false, expected: expected, actual: error.message)
      }
      // The path leads somewhere: an error now is about the literal (not a value of the
      // type found there), a mistake in the script rather than a failed expectation.
      let passed = try session.inspection.evaluate(condition)
      var diff: [StateDiff.Line] = []
      let actualLines = actual.lines()
      if !passed, condition.comparison == .equal, actualLines.count > 1 {
        let expectedLines = ExpectedValueTree.make(condition.literal, like: actual).lines()
        diff = LineDiff.lines(from: expectedLines, to: actualLines) ?? []
      }
      return ExpectationOutcome(
        expression: expression, passed: passed, expected: expected, actual: actual.compactDescription, diff: diff)

    case .changed(let path):
      let expression = "\(path) changed"
      guard let last = session.inspection.history(last: 1).last else {
        return ExpectationOutcome(
          expression: expression, passed: false, expected: "\(path) to change",
          actual: "no action has been reduced yet")
      }
      let passed = try session.inspection.lastActionChanged(path)
      let value: String
      do {
        value = try session.inspection.tree(at: path).compactDescription
      } catch {
        value = error.message
      }
      return ExpectationOutcome(
        expression: expression, passed: passed,
        expected: "#\(last.index) \(last.action) to change \(path)",
        actual: passed ? "changed to \(value)" : "unchanged: \(value)")
    }
  }
}
