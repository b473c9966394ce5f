import Foundation
import Sluice

/// A test on a state: `count > 3`, `todos[0].title == "Milk"`, `tags contains "home"`, or,
/// in a breakpoint's condition, on the action it stops before: `$action.id == 3`.
///
/// Breakpoint conditions and script expectations are both conditions.
public struct StateCondition: Sendable, Equatable, CustomStringConvertible {
  /// What a condition's path starts from.
  public enum Subject: Sendable, Equatable {
    /// The state: `count > 3`.
    case state
    /// The action an action breakpoint stops before, as its innermost case (`.select(id:)`
    /// of `.catalog(.select(id:))`), whose payload's labels are its fields: `$action.id`.
    case action
  }

  /// The name that makes a condition's path start from the action.
  public static let actionName = "$action"

  /// What the path starts from.
  public var subject = Subject.state
  /// Where in the state (or the action) the value is.
  public var path: StatePath
  /// How it is compared.
  public var comparison: ComparisonOperator
  /// What it is compared with, as typed.
  public var literal: ActionLiteral
  /// The literal as typed, for messages.
  public var literalText: String
  /// Where the literal starts in the condition's text (1-based), for errors about it.
  public var literalColumn: Int?

  /// Creates a condition.
  public init(path: StatePath, comparison: ComparisonOperator, literal: ActionLiteral, literalText: String) {
    self.path = path
    self.comparison = comparison
    self.literal = literal
    self.literalText = literalText
  }

  /// Parses `PATH OP VALUE`, where OP is one of `== != < <= > >= contains`.
  public init(parsing text: String) throws(DebugError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let (pathText, comparison, valueText, valueColumn) = Self.split(trimmed) else {
      throw DebugError(
        "expected PATH OP VALUE with OP one of == != < <= > >= contains, in '\(trimmed)'")
    }
    (subject, path) = try Self.subjectAndPath(parsing: pathText)
    do {
      literal = try ActionTextParser().parse(valueText)
    } catch {
      throw DebugError("bad value: \(error.message)", column: valueColumn + error.column - 1)
    }
    self.comparison = comparison
    literalText = valueText
    literalColumn = valueColumn
  }

  /// Parses `PATH OP VALUE` about the state, refusing one on `$action`: `advice` says what
  /// asks about the state instead (`a test asks about the state`).
  package init(parsingAboutTheState text: String, _ advice: String) throws(DebugError) {
    try self.init(parsing: text)
    guard subject == .state else {
      throw DebugError("\(Self.actionName) names the action a breakpoint stops before: \(advice)")
    }
  }

  /// Reads a path that names a value in the state (`todos[0].title`) or, starting with
  /// `$action`, in the action a breakpoint stops before (`$action.id`).
  static func subjectAndPath(parsing pathText: String) throws(DebugError) -> (Subject, StatePath) {
    var statePathText = pathText
    var pathOffset = 0
    var subject = Subject.state
    if pathText.hasPrefix("$") {
      let name = pathText.prefix { $0 != "." && $0 != "[" }
      guard name == Self.actionName else {
        throw DebugError(
          "unknown name '\(name)': `\(Self.actionName)` names the action a breakpoint stops before", column: 1)
      }
      subject = .action
      statePathText = String(pathText.dropFirst(name.count))
      if statePathText.hasPrefix(".") { statePathText.removeFirst() }
      pathOffset = pathText.count - statePathText.count
    }
    do {
      return (subject, try StatePath(parsing: statePathText))
    } catch {
      // The path starts the condition, so its columns are the condition's.
      throw DebugError("bad path '\(pathText)': \(error.description)", column: error.column.map { $0 + pathOffset })
    }
  }

  /// Whether `state` satisfies the condition. The literal is decoded as the type of the
  /// value at the path (see the README's "What `expect` accepts"), and compared with that
  /// type's `==`, or its order when it is `Comparable`.
  ///
  /// - Throws: When the path does not lead anywhere in `state`, or the literal is not a
  ///   value of the type found there.
  public func isSatisfied(by state: Any) throws(DebugError) -> Bool {
    try isSatisfied(by: state, action: nil)
  }

  /// Whether `state`, and `action` for a condition on `$action`, satisfy the condition.
  ///
  /// - Throws: As ``isSatisfied(by:)``; and for a condition on `$action` when there is no
  ///   action (an `expect`).
  public func isSatisfied(by state: Any, action: Any?) throws(DebugError) -> Bool {
    let value: Any
    do {
      guard let action = action ?? (subject == .state ? () : nil) else {
        throw DebugError("\(Self.actionName) names the action a breakpoint stops before: there is none here")
      }
      // Unwrapped: an optional passed as `Any` would be what `$action` reflects.
      value = try Self.value(at: path, from: subject, state: state, action: action)
    } catch let error as StatePathError {
      throw DebugError(error.description)
    } catch let error as DebugError {
      throw error
    } catch {
      throw DebugError("\(error)")
    }
    do {
      return try TypedComparison.compare(value, comparison, literal, literalText: literalText)
    } catch {
      throw DebugError(error.message, column: literalColumn)
    }
  }

  public var description: String {
    "\(pathText) \(comparison.rawValue) \(literalText)"
  }

  /// The path as typed: `$action.id` for one on the action.
  public var pathText: String { Self.text(of: path, from: subject) }

  /// A path as typed, from what it starts from: `count`, `$action.id`, `$action`.
  static func text(of path: StatePath, from subject: Subject) -> String {
    guard subject == .action else { return path.description }
    guard !path.isRoot else { return actionName }
    let text = path.description
    return actionName + (text.hasPrefix("[") ? text : "." + text)
  }

  /// The value at `path` in `state`, or, from `$action`, in the innermost case of `action`.
  static func value(at path: StatePath, from subject: Subject, state: Any, action: Any) throws(StatePathError) -> Any {
    switch subject {
    case .state: try path.value(in: state)
    case .action: try path.value(in: innermostCase(of: action))
    }
  }

  /// The case a nested action ends in (`.select(id:)` of `.catalog(.select(id:))`), whose
  /// payload `$action` names; the action itself when it is not nested.
  static func innermostCase(of action: Any) -> Any {
    var current = action
    // Each dot of the case name is a case wrapping the next one.
    for _ in caseName(of: action).split(separator: ".").dropFirst() {
      guard let payload = Reflection(current).payload else { break }
      current = payload
    }
    return current
  }

  /// Splits at the first operator outside quotes and brackets; returns the value's column.
  static func split(_ text: String) -> (String, ComparisonOperator, String, Int)? {
    let characters = Array(text)
    var scanner = LexicalScanner()
    var index = 0
    while index < characters.count {
      // Inside a string or a bracket: no operator here.
      if scanner.consume(characters[index]) == .plain, scanner.depth == 0 {
        // Compared in place: copying the rest of the line at every character made a long
        // path quadratic.
        for comparison in [ComparisonOperator.lessOrEqual, .greaterOrEqual, .equal, .notEqual, .less, .greater, .contains]
        where characters[index...].starts(with: comparison.rawValue) {
          // `contains` must stand as a word.
          if comparison == .contains {
            let before = index == 0 ? " " : characters[index - 1]
            let afterIndex = index + comparison.rawValue.count
            let after = afterIndex < characters.count ? characters[afterIndex] : " "
            guard before == " ", after == " " else { continue }
          }
          let pathText = String(characters[..<index]).trimmingCharacters(in: .whitespaces)
          let valueStart = index + comparison.rawValue.count
          let valueText = String(characters[valueStart...])
          let leading = valueText.prefix { $0 == " " }.count
          let trimmedValue = valueText.trimmingCharacters(in: .whitespaces)
          guard !trimmedValue.isEmpty else { return nil }
          return (pathText, comparison, trimmedValue, valueStart + leading + 1)
        }
      }
      index += 1
    }
    return nil
  }
}
