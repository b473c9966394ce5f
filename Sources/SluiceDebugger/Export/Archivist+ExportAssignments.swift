import Sluice

/// How an exported test asserts a change: as the parts of the state a person would assign in
/// the `send` or `receive` closure.
extension Archivist {
  /// The parts to assign that turn `before` into `after`, shortest paths first: each changed
  /// path, or the nearest part above it that both states have and Swift can assign (an
  /// element added or removed assigns the whole collection; a change inside an enum's
  /// payload assigns the enum).
  ///
  /// `beforeTree` and `afterTree` are the two states reflected, once: every changed path is
  /// looked up in them, and the tree after one entry is the tree before the next.
  static func assignments(
    from before: (state: State, tree: ValueTree), to after: (state: State, tree: ValueTree), masking redaction: Redaction
  ) -> [TestDescription.Assignment] {
    let (beforeTree, afterTree) = (before.tree, after.tree)
    let (before, after) = (before.state, after.state)
    let diff = StateDiff(from: before, to: after)
    var targets: [StatePath] = []
    for path in diff.changedPaths {
      let path = cutAtResizedArray(path, before: beforeTree, after: afterTree)
      guard let found = assignable(path, before: before, after: after, afterTree: afterTree) else { continue }
      // A part already assigned whole covers this one; this one covers parts inside it.
      if targets.contains(where: { found.components.starts(with: $0.components) }) { continue }
      targets.removeAll { $0.components.starts(with: found.components) }
      targets.append(found)
    }
    return targets.map { target in
      .init(path: target, value: redaction.masking(ValueTree(reflecting: (try? target.value(in: after)) as Any), at: target))
    }
  }

  /// `path` up to the first array on it that gained or lost elements: the elements after an
  /// added or removed one moved, so an element's path names another element on each side,
  /// and only the whole array states the change.
  private static func cutAtResizedArray(_ path: StatePath, before: ValueTree, after: ValueTree) -> StatePath {
    var trees = (before, after)
    for (position, component) in path.components.enumerated() {
      switch (component, trees.0, trees.1) {
      case (.index(let index), .collection(.array, _, let old), .collection(.array, _, let new)):
        guard old.count == new.count else { return StatePath(Array(path.components.prefix(position))) }
        guard old.indices.contains(index) else { return path }
        trees = (old[index], new[index])
      case (.property(let name), .structure(_, let old), .structure(_, let new)),
        (.property(let name), .tuple(let old), .tuple(let new)):
        guard let oldField = old.first(where: { $0.label == name }), let newField = new.first(where: { $0.label == name })
        else { return path }
        trees = (oldField.value, newField.value)
      case (.optionalChain, .optional(let old?), .optional(let new?)):
        trees = (old, new)
      default:
        return path
      }
    }
    return path
  }

  /// The longest part of `path` that both states have and Swift can assign to.
  private static func assignable(_ path: StatePath, before: State, after: State, afterTree: ValueTree) -> StatePath? {
    var components = path.components
    while true {
      let candidate = StatePath(components)
      if isAssignable(candidate, in: afterTree), (try? candidate.value(in: before)) != nil,
        (try? candidate.value(in: after)) != nil
      {
        return candidate
      }
      guard !components.isEmpty else { return nil }
      components.removeLast()
    }
  }

  /// Whether Swift can assign to `path`: it goes only through properties, array elements
  /// that exist, a dictionary's key as its last step, and optionals that hold a value; not
  /// into an enum's payload, nor by a property's value. `state` is the state's tree.
  private static func isAssignable(_ path: StatePath, in state: ValueTree) -> Bool {
    var tree = state
    for component in path.components {
      switch (component, tree) {
      case (.property(let name), .structure(_, let fields)), (.property(let name), .tuple(let fields)):
        guard let field = fields.first(where: { $0.label == name }) else { return false }
        tree = field.value
      case (.index(let index), .collection(.array, _, let elements)):
        guard elements.indices.contains(index) else { return false }
        tree = elements[index]
      case (.key, .dictionary):
        // A dictionary's `[key]` is optional in Swift: only the last step of a path.
        guard component == path.components.last else { return false }
      case (.optionalChain, .optional(let wrapped?)):
        tree = wrapped
      default:
        return false
      }
    }
    return true
  }
}
