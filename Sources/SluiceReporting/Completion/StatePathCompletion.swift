import SluiceDebugger

/// Completes a path into the current state: `cou` → `count`, `todos[` → `todos[0]`,
/// `todos[0].ti` → `todos[0].title`.
///
/// The text before the last `.`, `[` or `?` (outside brackets and strings) is looked up in
/// the state; the children of the value found are the candidates. Nothing is walked beyond
/// that one value, so completing stays fast on large states.
enum StatePathCompletion {
  /// The most elements or entries of one collection offered.
  static let elementLimit = 100

  /// The candidates for the partly typed `path`, each a whole path.
  @MainActor
  static func candidates(for path: String, in session: any SessionInspection) -> [Completion] {
    let (parent, _) = split(path)
    guard let tree = try? session.tree(at: parent) else { return [] }
    return children(of: tree, under: parent).filter { $0.text.hasPrefix(path) }
  }

  /// Splits at the last top-level `.`, `[` or `?`: the parent path, and the rest.
  static func split(_ path: String) -> (parent: String, rest: String) {
    var scanner = LexicalScanner()
    var splitIndex: String.Index?
    var index = path.startIndex
    while index < path.endIndex {
      let character = path[index]
      let depthBefore = scanner.depth
      switch scanner.consume(character) {
      case .opening where character == "[" && depthBefore == 0:
        splitIndex = index
      case .plain where (character == "." || character == "?") && depthBefore == 0:
        splitIndex = index
      default: break
      }
      index = path.index(after: index)
    }
    guard let splitIndex else { return ("", path) }
    // `user?.name`: the parent of `.name` is `user?`, a path of its own.
    return (String(path[..<splitIndex]), String(path[splitIndex...]))
  }

  /// The paths one step below `tree`, which is at `parent`.
  private static func children(of tree: ValueTree, under parent: String) -> [Completion] {
    func property(_ name: String, _ value: ValueTree) -> Completion {
      let text = parent.isEmpty ? name : parent + "." + name
      return Completion(text, display: parent.isEmpty ? name : "." + name, isFinal: isLeaf(value))
    }
    func subscripted(_ key: String, _ value: ValueTree) -> Completion {
      Completion(parent + "[" + key + "]", display: "[" + key + "]", isFinal: isLeaf(value))
    }
    switch tree {
    case .structure(_, let fields):
      return fields.compactMap { field in field.label.map { property($0, field.value) } }
    case .tuple(let fields):
      return fields.enumerated().map { offset, field in property(field.label ?? String(offset), field.value) }
    case .enumCase(_, let name, let payload):
      return [property(name, payload.count == 1 ? payload[0].value : .tuple(payload))]
    case .collection(.array, _, let elements):
      return elements.prefix(elementLimit).enumerated().map { offset, element in subscripted(String(offset), element) }
    case .collection(.set, _, _):
      return []
    case .dictionary(_, let entries):
      return entries.prefix(elementLimit).compactMap { entry in
        guard case .scalar(_, let key) = entry.key else { return nil }
        return subscripted(key, entry.value)
      }
    case .optional(let wrapped?):
      let chained = parent + "?"
      return [Completion(chained, display: "?", isFinal: false)]
        + children(of: wrapped, under: chained).filter { $0.text.hasPrefix(chained + ".") }
    case .optional(nil), .scalar, .omitted:
      return []
    }
  }

  private static func isLeaf(_ tree: ValueTree) -> Bool {
    switch tree {
    case .scalar, .omitted, .optional(nil): true
    case .enumCase(_, _, let payload): payload.isEmpty
    case .structure(_, let fields), .tuple(let fields): fields.isEmpty
    case .collection(_, _, let elements): elements.isEmpty
    case .dictionary(_, let entries): entries.isEmpty
    case .optional(let wrapped?): isLeaf(wrapped)
    }
  }
}
