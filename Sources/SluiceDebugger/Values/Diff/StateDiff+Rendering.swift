/// Line-by-line rendering of a diff in the style of swift-custom-dump:
///
///       Todos.State(
///         todos: [
///           … (2 unchanged),
///           [2]: Todo(
///             … (2 unchanged),
///     −       done: false
///     +       done: true
///           ),
///           … (9997 unchanged)
///         ],
///         … (4 unchanged)
///       )
extension StateDiff: CustomStringConvertible {
  /// One line of a rendered diff.
  public struct Line: Equatable, Sendable {
    /// Whether a line is context, part of the old value or part of the new one.
    public enum Kind: Equatable, Sendable {
      /// Unchanged structure around the changes.
      case context
      /// Part of the old value (`−`).
      case removed
      /// Part of the new value (`+`).
      case inserted
    }

    /// Which side the line belongs to.
    public var kind: Kind
    /// The indented text, without the marker.
    public var text: String

    /// Creates a line.
    public init(kind: Kind, text: String) {
      self.kind = kind
      self.text = text
    }

    /// The marker (`−`, `+` or a space) and the text.
    public var rendered: String {
      switch kind {
      case .context: "  " + text
      case .removed: "\u{2212} " + text
      case .inserted: "+ " + text
      }
    }
  }

  /// The diff as marked lines; empty when nothing changed.
  public func lines(indentation: String = "  ") -> [Line] {
    guard let change else { return [] }
    var renderer = DiffRenderer(indentation: indentation)
    renderer.render(change, label: "", suffix: "", level: 0)
    return renderer.lines
  }

  /// The rendered lines joined with newlines, or `(no changes)`.
  public var description: String {
    isEmpty ? "(no changes)" : lines().map(\.rendered).joined(separator: "\n")
  }
}

/// Writes a `StateChange` as marked lines.
private struct DiffRenderer {
  let indentation: String
  private(set) var lines: [StateDiff.Line] = []

  init(indentation: String) {
    self.indentation = indentation
  }

  mutating func render(_ change: StateChange, label: String, suffix: String, level: Int) {
    switch change {
    case .replaced(let old, let new), .caseChanged(let old, let new):
      add(old, as: .removed, label: label, suffix: suffix, level: level)
      add(new, as: .inserted, label: label, suffix: suffix, level: level)
    case .nested(let container, let members):
      let indent = String(repeating: indentation, count: level)
      let (open, close) = Self.brackets(of: container)
      lines.append(StateDiff.Line(kind: .context, text: indent + label + open))
      let memberIndent = indent + indentation
      for (index, member) in members.enumerated() {
        let comma = index == members.count - 1 ? "" : ","
        switch member {
        case .unchanged(let count):
          lines.append(StateDiff.Line(kind: .context, text: memberIndent + "… (\(count) unchanged)" + comma))
        case .elided(let count):
          lines.append(
            StateDiff.Line(kind: .context, text: memberIndent + "… (\(count) more changes)" + comma))
        case .changed(let memberLabel, let change):
          render(change, label: Self.text(of: memberLabel), suffix: comma, level: level + 1)
        case .inserted(let memberLabel, let tree):
          add(tree, as: .inserted, label: Self.text(of: memberLabel), suffix: comma, level: level + 1)
        case .removed(let memberLabel, let tree):
          add(tree, as: .removed, label: Self.text(of: memberLabel), suffix: comma, level: level + 1)
        }
      }
      lines.append(StateDiff.Line(kind: .context, text: indent + close + suffix))
    }
  }

  private mutating func add(
    _ tree: ValueTree, as kind: StateDiff.Line.Kind, label: String, suffix: String, level: Int
  ) {
    var renderer = MultilineRenderer(indentation: indentation)
    renderer.render(tree, prefix: label, suffix: suffix, level: level)
    lines += renderer.lines.map { StateDiff.Line(kind: kind, text: $0) }
  }

  private static func brackets(of container: StateChange.Container) -> (String, String) {
    switch container {
    case .structure(let typeName): (typeName + "(", ")")
    case .enumCase(_, let name): ("." + name + "(", ")")
    case .tuple: ("(", ")")
    case .collection(.array, _): ("[", "]")
    case .collection(.set, _): ("Set([", "])")
    case .dictionary: ("[", "]")
    }
  }

  private static func text(of label: StateChange.Label) -> String {
    switch label {
    case .none: ""
    case .field(let name): name + ": "
    case .index(let index): "[\(index)]: "
    case .key(let key): key.compactDescription + ": "
    }
  }
}
