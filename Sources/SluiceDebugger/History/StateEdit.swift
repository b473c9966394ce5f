import Foundation

/// `set var PATH = VALUE`: a value of the state set by hand. The history records it as an
/// entry of its own kind, replay (`toggle`, `load`) applies it again, and session files keep
/// it.
///
/// A class, so that a history entry, which holds either an action or an edit, stays as small
/// as the action alone (an edit is a reference).
public final class StateEdit: Sendable, Equatable, CustomStringConvertible {
  /// Where in the state the value is.
  public let path: StatePath
  /// The new value, as parsed.
  public let literal: ActionLiteral
  /// The new value, as typed.
  public let valueText: String
  /// The 1-based column of the value in the text the edit was parsed from (1 when it was
  /// made otherwise): where an error about the value points.
  package let valueColumn: Int

  /// Creates an edit.
  public init(path: StatePath, literal: ActionLiteral, valueText: String) {
    self.path = path
    self.literal = literal
    self.valueText = valueText
    valueColumn = 1
  }

  /// Creates an edit parsed from text whose value starts at `valueColumn`.
  package init(path: StatePath, literal: ActionLiteral, valueText: String, valueColumn: Int) {
    self.path = path
    self.literal = literal
    self.valueText = valueText
    self.valueColumn = valueColumn
  }

  /// Parses `PATH = VALUE`; errors carry the column in `text`.
  public convenience init(parsing text: String) throws(DebugError) {
    var scanner = LexicalScanner()
    var equals: String.Index?
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if scanner.consume(character) == .plain, scanner.depth == 0, character == "=" {
        let next = text.index(after: index)
        let previous = index > text.startIndex ? text[text.index(before: index)] : " "
        // `==`, `!=`, `<=`, `>=` are not an assignment.
        if (next == text.endIndex || text[next] != "="), !"=!<>".contains(previous) {
          equals = index
          break
        }
      }
      index = text.index(after: index)
    }
    guard let equals else { throw DebugError("expected PATH = VALUE, in '\(text)'") }
    let pathText = text[..<equals].trimmingCharacters(in: .whitespaces)
    let afterEquals = text.index(after: equals)
    let valuePart = text[afterEquals...]
    let leading = valuePart.prefix { $0 == " " }.count
    let valueText = valuePart.trimmingCharacters(in: .whitespaces)
    let valueColumn = text.distance(from: text.startIndex, to: afterEquals) + leading + 1
    guard !pathText.isEmpty else { throw DebugError("expected a state path before '='", column: 1) }
    guard !valueText.isEmpty else { throw DebugError("expected a value after '='", column: valueColumn) }
    let path: StatePath
    do {
      path = try StatePath(parsing: pathText)
    } catch {
      throw DebugError("bad path '\(pathText)': \(error.description)", column: error.column)
    }
    let literal: ActionLiteral
    do {
      literal = try ActionTextParser().parse(valueText)
    } catch {
      throw DebugError("bad value: \(error.message)", column: valueColumn + error.column - 1)
    }
    self.init(path: path, literal: literal, valueText: valueText, valueColumn: valueColumn)
  }

  /// `set var count = 5`, as `log` lists it.
  public var description: String { "set var \(path) = \(valueText)" }

  /// `state` with the edit applied.
  ///
  /// - Throws: When the path leads nowhere in `state` or the value is not of the type there.
  func applied<State: Codable>(to state: State) throws(DebugError) -> State {
    try StateEditor.setting(path, to: literal, literalText: valueText, in: state)
  }

  /// Two edits are equal when they set the same path to the same value.
  public static func == (lhs: StateEdit, rhs: StateEdit) -> Bool {
    lhs.path == rhs.path && lhs.literal == rhs.literal && lhs.valueText == rhs.valueText
  }
}
