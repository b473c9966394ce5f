extension Redaction {
  /// `diff` with every registered secret masked: a change inside a secret still shows as a
  /// change at its path, both sides `‹redacted›`; an element or entry added or removed
  /// whole has its secrets masked.
  @usableFromInline package func masking(_ diff: StateDiff) -> StateDiff {
    guard !isEmpty, let change = diff.change else { return diff }
    return StateDiff(change: masking(change, at: []), changedPaths: diff.changedPaths)
  }

  private func masking(_ change: StateChange, at path: [StatePath.Component]) -> StateChange {
    if masks(path) { return Self.masked(change) }
    guard hasSecrets(inside: path) else { return change }
    switch change {
    case .replaced(let old, let new):
      return .replaced(old: masking(old, at: path), new: masking(new, at: path))
    case .caseChanged(let old, let new):
      return .caseChanged(old: masking(old, at: path), new: masking(new, at: path))
    case .nested(let container, let members):
      return .nested(in: container, members: masking(members, in: container, at: path))
    }
  }

  private func masking(
    _ members: [StateChange.Member], in container: StateChange.Container, at path: [StatePath.Component]
  ) -> [StateChange.Member] {
    var base = path
    var isSingleValue = false
    if case .enumCase(_, let name) = container {
      base.append(.property(name))
      // A single unlabeled payload is reached by the case name alone, as the differ does.
      isSingleValue = members.count == 1 && { if case .changed(.none, _) = members[0] { true } else { false } }()
    }
    var position = 0
    return members.map { member in
      defer { if case .unchanged(let count) = member { position += count } else { position += 1 } }
      func memberPath(_ label: StateChange.Label) -> [StatePath.Component]? {
        switch label {
        case .field(let name): base + [.property(name)]
        case .index(let index): base + [.index(index)]
        case .key(let key): base + [ValueTree.pathComponent(forKey: key)]
        case .none:
          if case .collection(.set, _) = container {
            nil
          } else {
            isSingleValue ? base : base + [.property(String(position))]
          }
        }
      }
      switch member {
      case .unchanged, .elided:
        return member
      case .changed(let label, let change):
        guard let path = memberPath(label) else { return member }
        return .changed(label, masking(change, at: path))
      case .inserted(let label, let tree):
        guard let path = memberPath(label) else { return member }
        return .inserted(label, masking(tree, at: path))
      case .removed(let label, let tree):
        guard let path = memberPath(label) else { return member }
        return .removed(label, masking(tree, at: path))
      }
    }
  }

  /// A change inside a secret: the secret replaced, both sides masked.
  private static func masked(_ change: StateChange) -> StateChange {
    switch change {
    case .replaced(let old, let new), .caseChanged(let old, let new):
      return .replaced(old: masked(old), new: masked(new))
    case .nested(let container, _):
      let tree = ValueTree.scalar(typeName: container.maskedTypeName, text: mask)
      return .replaced(old: tree, new: tree)
    }
  }
}

extension StateChange.Container {
  /// The name of the type a masked change keeps.
  fileprivate var maskedTypeName: String {
    switch self {
    case .structure(let name), .enumCase(let name, _), .collection(_, let name), .dictionary(let name): name
    case .tuple: "tuple"
    }
  }
}
