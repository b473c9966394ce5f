/// A breakpoint that prints instead of stopping (`trace PATTERN [if CONDITION] print PATH…`,
/// as gdb's `dprintf`): before each action whose case name matches `pattern`, when
/// `condition` holds, the values at `prints`, as a breakpoint stopped there would see them.
///
/// The same log point answers over the past: for every recorded entry that matches, the
/// values as they were then (``TracedEntry``).
public struct LogPoint: Sendable, Equatable, CustomStringConvertible {
  /// A glob on case names, as an action breakpoint's (`add`, `todo.*`).
  public var pattern: String
  /// A condition on the state before the action (or on the action, with `$action`).
  public var condition: StateCondition?
  /// What it prints, in order.
  public var prints: [TracedPath]

  /// Creates a log point.
  public init(pattern: String, condition: StateCondition?, prints: [TracedPath]) {
    (self.pattern, self.condition, self.prints) = (pattern, condition, prints)
  }

  /// The command that makes it: `trace add if count > 2 print count $action.title`.
  public var description: String {
    "trace \(pattern)" + (condition.map { " if \($0)" } ?? "") + " print " + prints.map(\.description).joined(separator: " ")
  }

  /// Whether it prints before an action of case `caseName`, when its condition holds.
  func matches(_ caseName: String) -> Bool {
    casePatternMatches(pattern, caseName)
  }

  /// What it prints before `action`, a case it ``matches(_:)``, reduced from `state`: `nil`
  /// when the condition does not hold. Values are shown as `print` shows them, a secret of
  /// the state masked by `redaction`.
  func printed(before action: Any, in state: Any, redaction: Redaction) -> [TracedValue]? {
    if let condition, (try? condition.isSatisfied(by: state, action: action)) != true { return nil }
    return prints.map { $0.value(before: action, in: state, redaction: redaction) }
  }
}

/// A path a log point prints: in the state (`todos[0].title`) or, starting with `$action`, in
/// the action it prints before (`$action.title`), as a condition's path reads.
public struct TracedPath: Sendable, Equatable, CustomStringConvertible {
  /// What the path starts from.
  public var subject: StateCondition.Subject
  /// Where the value is.
  public var path: StatePath

  /// Parses a path as a condition's path is parsed.
  public init(parsing text: String) throws(DebugError) {
    (subject, path) = try StateCondition.subjectAndPath(parsing: text)
  }

  public var description: String { StateCondition.text(of: path, from: subject) }

  /// The value at the path on one line, or why there is none; a secret of the state masked.
  func value(before action: Any, in state: Any, redaction: Redaction) -> TracedValue {
    do {
      let tree = ValueTree(reflecting: try StateCondition.value(at: path, from: subject, state: state, action: action))
      let shown = subject == .state ? redaction.masking(tree, at: path) : tree
      return TracedValue(path: description, value: shown.compactDescription)
    } catch {
      return TracedValue(path: description, value: nil, problem: error.description)
    }
  }
}

/// One value a log point printed.
public struct TracedValue: Codable, Sendable, Equatable {
  /// The path, as typed.
  public var path: String
  /// The value on one line, as `print` shows it; `nil` when the path led nowhere there.
  public var value: String?
  /// Why the path led nowhere, when it did.
  public var problem: String?

  /// A value, for a renderer's tests or a tool that replays answers.
  public init(path: String, value: String?, problem: String? = nil) {
    (self.path, self.value, self.problem) = (path, value, problem)
  }
}

/// What a log point printed before one entry: live (the `traced` event) or over the past
/// (`trace`'s answer), the same for the same entry.
public struct TracedEntry: Codable, Sendable, Equatable {
  /// The history index of the entry the action became (or becomes, live).
  public var index: Int
  /// The action, as Swift-like text.
  public var action: String
  /// Its case name.
  public var caseName: String
  /// The values, in the order the log point lists its paths.
  public var values: [TracedValue]

  /// An entry, for a renderer's tests or a tool that replays answers.
  public init(index: Int, action: String, caseName: String, values: [TracedValue]) {
    (self.index, self.action, self.caseName, self.values) = (index, action, caseName, values)
  }

  private enum CodingKeys: String, CodingKey {
    case index, action, caseName = "case", values
  }
}
