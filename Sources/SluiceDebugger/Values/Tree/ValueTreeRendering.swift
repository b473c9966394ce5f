/// Text renderings of a `ValueTree`, in the style of swift-custom-dump:
///
///     Todos.State(
///       todos: [
///         [0]: Todo(
///           id: 1,
///           title: "Milk"
///         )
///       ],
///       user: nil
///     )
extension ValueTree: CustomStringConvertible {
  /// The multi-line rendering, indented by two spaces per level.
  public var description: String {
    lines().joined(separator: "\n")
  }

  /// The rendering as lines, indented by two spaces per level, so callers can
  /// prefix or colour them.
  public func lines(indentation: String = "  ") -> [String] {
    var renderer = MultilineRenderer(indentation: indentation)
    renderer.render(self, prefix: "", suffix: "", level: 0)
    return renderer.lines
  }

  /// A one-line rendering: `Todo(id: 1, title: "Milk")`, `[1, 2]`, `["a": 1]`.
  public var compactDescription: String {
    switch self {
    case .scalar(_, let text):
      return text
    case .optional(let wrapped):
      guard let wrapped else { return "nil" }
      return wrapped.needsSomeWrapper ? ".some(\(wrapped.compactDescription))" : wrapped.compactDescription
    case .omitted(let typeName):
      return "\(typeName)(…)"
    case .structure(let typeName, let fields):
      return typeName + "(" + Self.compact(fields) + ")"
    case .enumCase(_, let name, let payload):
      return payload.isEmpty ? "." + name : "." + name + "(" + Self.compact(payload) + ")"
    case .tuple(let fields):
      return "(" + Self.compact(fields) + ")"
    case .collection(let kind, _, let elements):
      let list = "[" + elements.map(\.compactDescription).joined(separator: ", ") + "]"
      return kind == .set ? "Set(" + list + ")" : list
    case .dictionary(_, let entries):
      if entries.isEmpty { return "[:]" }
      return "["
        + entries.map { $0.key.compactDescription + ": " + $0.value.compactDescription }.joined(
          separator: ", ") + "]"
    }
  }

  /// Whether the multi-line rendering is a single line: leaves, `nil`, empty
  /// containers, and cases without payload.
  var isSingleLine: Bool {
    switch self {
    case .scalar, .omitted: true
    case .optional(let wrapped): wrapped?.isSingleLine ?? true
    case .structure(_, let fields), .tuple(let fields): fields.isEmpty
    case .enumCase(_, _, let payload):
      payload.isEmpty || (payload.count == 1 && payload[0].label == nil && payload[0].value.isSingleLine)
    case .collection(_, _, let elements): elements.isEmpty
    case .dictionary(_, let entries): entries.isEmpty
    }
  }

  private static func compact(_ fields: [Field]) -> String {
    fields.map { field in
      (field.label.map { $0 + ": " } ?? "") + field.value.compactDescription
    }.joined(separator: ", ")
  }
}

/// Writes a tree as indented lines; `prefix` goes before a value's first line
/// (`label: `) and `suffix` after its last (`,`).
struct MultilineRenderer {
  let indentation: String
  private(set) var lines: [String] = []

  init(indentation: String) {
    self.indentation = indentation
  }

  mutating func render(_ tree: ValueTree, prefix: String, suffix: String, level: Int) {
    let indent = String(repeating: indentation, count: level)
    switch tree {
    case .scalar, .omitted:
      lines.append(indent + prefix + tree.compactDescription + suffix)
    case .optional(let wrapped):
      if let wrapped, wrapped.needsSomeWrapper {
        lines.append(indent + prefix + ".some(" + wrapped.compactDescription + ")" + suffix)
      } else if let wrapped {
        render(wrapped, prefix: prefix, suffix: suffix, level: level)
      } else {
        lines.append(indent + prefix + "nil" + suffix)
      }
    case .structure(let typeName, let fields):
      renderFields(fields, open: typeName + "(", close: ")", prefix: prefix, suffix: suffix, level: level)
    case .enumCase(_, let name, let payload):
      if payload.isEmpty {
        lines.append(indent + prefix + "." + name + suffix)
      } else if payload.count == 1, payload[0].label == nil, payload[0].value.isSingleLine {
        // `.setStep(3)`, `.filter(.active)`: a lone one-line payload stays inline.
        lines.append(indent + prefix + "." + name + "(" + payload[0].value.compactDescription + ")" + suffix)
      } else {
        renderFields(
          payload, open: "." + name + "(", close: ")", prefix: prefix, suffix: suffix, level: level)
      }
    case .tuple(let fields):
      renderFields(fields, open: "(", close: ")", prefix: prefix, suffix: suffix, level: level)
    case .collection(let kind, _, let elements):
      let (open, close) = kind == .set ? ("Set([", "])") : ("[", "]")
      if elements.isEmpty {
        lines.append(indent + prefix + open + close + suffix)
        return
      }
      lines.append(indent + prefix + open)
      for (index, element) in elements.enumerated() {
        let label = kind == .array ? "[\(index)]: " : ""
        render(element, prefix: label, suffix: index == elements.count - 1 ? "" : ",", level: level + 1)
      }
      lines.append(indent + close + suffix)
    case .dictionary(_, let entries):
      if entries.isEmpty {
        lines.append(indent + prefix + "[:]" + suffix)
        return
      }
      lines.append(indent + prefix + "[")
      for (index, entry) in entries.enumerated() {
        let label = entry.key.compactDescription + ": "
        render(entry.value, prefix: label, suffix: index == entries.count - 1 ? "" : ",", level: level + 1)
      }
      lines.append(indent + "]" + suffix)
    }
  }

  private mutating func renderFields(
    _ fields: [ValueTree.Field], open: String, close: String, prefix: String, suffix: String, level: Int
  ) {
    let indent = String(repeating: indentation, count: level)
    if fields.isEmpty {
      lines.append(indent + prefix + open + close + suffix)
      return
    }
    lines.append(indent + prefix + open)
    for (index, field) in fields.enumerated() {
      let label = field.label.map { $0 + ": " } ?? ""
      render(field.value, prefix: label, suffix: index == fields.count - 1 ? "" : ",", level: level + 1)
    }
    lines.append(indent + close + suffix)
  }
}

extension ValueTree {
  /// Whether this value, inside an optional, must be spelled `.some(…)` to read back: a
  /// `nil` inside an optional (`String??` holding `.some(nil)`) would otherwise read as the
  /// outer `nil`.
  var needsSomeWrapper: Bool {
    guard case .optional(let wrapped) = self else { return false }
    guard let wrapped else { return true }
    return wrapped.needsSomeWrapper
  }
}
