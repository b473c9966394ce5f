import Sluice

/// Actions typed as text, decoded for the session's feature: what `send` sends and what
/// `replace` puts in place of a recorded action.
extension SessionPart {
  /// Decodes an action argument: parsed already (a structured request's), or text.
  func decodeAction(_ argument: ActionArgument) throws(DebugError) -> Action {
    guard let literal = argument.literal else { return try decodeAction(parsing: argument.text) }
    return try decodeAction(literal, text: argument.text)
  }

  /// Decodes `text` as an action.
  func decodeAction(parsing text: String) throws(DebugError) -> Action {
    let literal: ActionLiteral
    do {
      literal = try ActionTextParser().parse(text)
    } catch {
      throw DebugError(error.message, column: error.column)
    }
    return try decodeAction(literal, text: text)
  }

  /// Decodes `literal`, parsed from `text`; an error points at the part of `text` it is about.
  func decodeAction(_ literal: ActionLiteral, text: String) throws(DebugError) -> Action {
    // The builder `@Scriptable` generates makes most actions; what it does not make exactly
    // is decoded, which also says what is wrong.
    if let action = session.scriptedActions.action(from: literal) { return action }
    do {
      return try LiteralDecoder().decode(Action.self, from: literal)
    } catch {
      let parser = ActionTextParser()
      var column = parser.column(ofValueAt: error.valueIndex, in: text)
      // A label missing because it was misspelled: the misspelling is the culprit.
      if case .missingValue(let label, let given) = error.reason, let caseColumn = column,
        let typed = nearestName(to: label, among: given)
      {
        column = parser.column(ofLabel: typed, from: caseColumn, in: text) ?? caseColumn
      }
      throw DebugError("not \(TypeName.withArticle(Action.self)): \(error)" + hint(for: error), column: column)
    }
  }

  /// What the action's `@Scriptable` description adds to a decoding error: the nearest case
  /// to an unknown one (nested cases too), or the parameters of the case whose argument is
  /// wrong or missing. Empty when `Action` does not describe itself.
  private func hint(for error: LiteralDecodingError) -> String {
    guard let actions = (Action.self as Any.Type as? any ScriptableAction.Type)?.actionDescription else { return "" }
    switch error.reason {
    case .unknownCase(let name):
      if let enclosing = actions.description(atCodingPath: error.codingPath),
        let nearest = nearestName(to: name, among: enclosing.caseNames)
      {
        return "; did you mean '.\(nearest)'?"
      }
      // `.toggle(id: 3)` typed where `.todo(.toggle(id: 3))` was meant.
      let nested = error.codingPath.isEmpty ? actions.allCasePaths.filter { $0.count > 1 } : []
      guard let nearest = nearestName(to: name, among: nested.compactMap(\.last)),
        let text = nested.lazy.filter({ $0.last == nearest }).compactMap(actions.text(forCasePath:)).first
      else { return "" }
      return "; did you mean '\(text)'?"
    case .missingValue, .typeMismatch:
      guard let found = actions.case(atCodingPath: Array(error.codingPath.dropLast())) else { return "" }
      let parameters = found.parameters.map(\.signature).joined(separator: ", ")
      return "; '.\(found.name)' takes " + (parameters.isEmpty ? "no arguments" : "(\(parameters))")
    default:
      return ""
    }
  }
}
