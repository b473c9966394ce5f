import SluiceDebugger
import SluiceReporting

/// The containers the editor's `variablesReference`s and frame ids name, valid until the
/// store moves: each stop starts a new generation, and a number from an older one is refused
/// as stale rather than answered with another stop's values.
struct VariableReferences {
  /// What a reference holds.
  enum Container {
    /// A value of the state (or of an action), at a state path that `print` takes.
    case tree(ValueTree, path: String)
    /// A fixed list of variables (the changes of an action, its reads, the jobs).
    case list([Variable])
  }

  /// One variable as the editor shows it.
  struct Variable {
    var name: String
    var value: String
    var type: String?
    /// The Sluice path that names it (`todos[0].title`): pasted into the console, it prints.
    var evaluateName: String?
    var children: Container?
  }

  /// A stack frame: the entry it is (its history index, if it has one), or the action the
  /// store stopped before, not yet reduced.
  struct Frame {
    var index: Int?
    var number: Int
    /// The action the store is about to reduce, as typed, and its case.
    var pendingAction: (text: String, caseName: String)? = nil
  }

  private var containers = Generational<Container>(kind: "variablesReference")
  private var frames = Generational<Frame>(kind: "frameId")

  /// Forgets every reference: the store moved.
  mutating func reset() {
    containers.reset()
    frames.reset()
  }

  /// A reference to `container`.
  mutating func add(_ container: Container) -> Int { containers.add(container) }

  /// The container `reference` names, or why not.
  func container(_ reference: Int) throws(AdapterError) -> Container { try containers.element(reference) }

  /// A frame id for `frame`.
  mutating func add(_ frame: Frame) -> Int { frames.add(frame) }

  /// The frame `id` names, or why not.
  func frame(_ id: Int) throws(AdapterError) -> Frame { try frames.element(id) }
}

/// Numbered things valid for one generation: numbers from 1 to `stride - 1` past a
/// generation's base are its own, so a number from an older generation is recognised as
/// stale, not taken for another thing.
private struct Generational<Element> {
  /// What the numbers are called, in an error.
  let kind: String
  private static var stride: Int { 1 << 20 }
  private var generation = 1
  private var elements: [Element] = []

  init(kind: String) {
    self.kind = kind
  }

  mutating func reset() {
    generation += 1
    elements = []
  }

  mutating func add(_ element: Element) -> Int {
    elements.append(element)
    return generation * Self.stride + elements.count
  }

  func element(_ number: Int) throws(AdapterError) -> Element {
    let offset = number - generation * Self.stride - 1
    guard elements.indices.contains(offset) else {
      throw AdapterError("\(kind) \(number) is stale or unknown: the store moved since it was given")
    }
    return elements[offset]
  }
}

extension VariableReferences.Variable {
  /// The variable for `tree` called `name`, at state path `path`; its children by reference.
  static func of(_ tree: ValueTree, name: String, path: String) -> Self {
    let value: String
    let type: String?
    switch tree {
    case .structure(let typeName, _): (value, type) = (typeName, typeName)
    case .enumCase(let typeName, let caseName, let payload):
      (value, type) = (payload.isEmpty ? "." + caseName : "." + caseName + "(…)", typeName)
    case .tuple: (value, type) = (tree.compactDescription, nil)
    case .collection(_, let typeName, let elements): (value, type) = ("\(elements.count) elements", typeName)
    case .dictionary(let typeName, let entries): (value, type) = ("\(entries.count) entries", typeName)
    case .optional(nil): (value, type) = ("nil", nil)
    case .optional(let wrapped?): return of(wrapped, name: name, path: path)
    case .scalar(let typeName, let text): (value, type) = (text, typeName)
    case .omitted(let typeName): (value, type) = (typeName + "(…)", typeName)
    }
    return Self(name: name, value: value, type: type, evaluateName: path.isEmpty ? nil : path,
      children: tree.hasChildren ? .tree(tree, path: path) : nil)
  }
}

extension ValueTree {
  /// The parts shown as this value's children: fields by name, elements by `[i]`, entries
  /// by their key, each with the state path that reaches it.
  func children(at path: String) -> [(name: String, path: String, tree: ValueTree)] {
    func named(_ label: String?, _ offset: Int) -> (String, String) {
      let name = label ?? ".\(offset)"
      return (name, path.isEmpty ? name : "\(path).\(name)")
    }
    switch self {
    case .enumCase(_, let caseName, let payload):
      // A case's payload is reached through its name: `results.loaded`, `results.loading.previous`.
      let casePath = path.isEmpty ? caseName : "\(path).\(caseName)"
      if payload.count == 1, payload[0].label == nil { return payload[0].value.children(at: casePath) }
      return ValueTree.tuple(payload).children(at: casePath)
    case .structure(_, let fields), .tuple(let fields):
      return fields.enumerated().map { offset, field in
        let (name, childPath) = named(field.label, offset)
        return (name, childPath, field.value)
      }
    case .collection(_, _, let elements):
      return elements.enumerated().map { ("[\($0.offset)]", "\(path)[\($0.offset)]", $0.element) }
    case .dictionary(_, let entries):
      return entries.map { entry in
        let key = entry.key.compactDescription
        return ("[\(key)]", "\(path)[\(key)]", entry.value)
      }
    case .optional(let wrapped?):
      return wrapped.children(at: path)
    case .optional(nil), .scalar, .omitted:
      return []
    }
  }

  /// Whether ``children(at:)`` has any, told without making them: a variable of a list of
  /// 10,000 rows says it can be expanded without naming 10,000 paths.
  var hasChildren: Bool {
    switch self {
    case .enumCase(_, _, let payload):
      if payload.count == 1, payload[0].label == nil { return payload[0].value.hasChildren }
      return !payload.isEmpty
    case .structure(_, let fields), .tuple(let fields): return !fields.isEmpty
    case .collection(_, _, let elements): return !elements.isEmpty
    case .dictionary(_, let entries): return !entries.isEmpty
    case .optional(let wrapped?): return wrapped.hasChildren
    case .optional(nil), .scalar, .omitted: return false
    }
  }

  /// How many of its children are indexed (an array's elements), for the editor to page.
  var indexedCount: Int? {
    switch self {
    case .collection(.array, _, let elements): elements.count
    case .optional(let wrapped?): wrapped.indexedCount
    default: nil
    }
  }
}
