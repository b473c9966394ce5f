extension Redaction {
  /// `tree`, the value at `path`, with every registered secret in it masked.
  package func masking(_ tree: ValueTree, at path: StatePath) -> ValueTree {
    guard !isEmpty else { return tree }
    return masking(tree, at: Self.normalised(path))
  }

  func masking(_ tree: ValueTree, at path: [StatePath.Component]) -> ValueTree {
    if masks(path) { return Self.masked(tree) }
    guard hasSecrets(inside: path) else { return tree }
    switch tree {
    case .structure(let typeName, let fields):
      return .structure(typeName: typeName, fields: masking(fields, at: path))
    case .tuple(let fields):
      return .tuple(masking(fields, at: path))
    case .enumCase(let typeName, let name, let payload):
      let casePath = path + [.property(name)]
      // A single unlabeled payload is reached by the case name alone (`filter.active`).
      if payload.count == 1, payload[0].label == nil {
        return .enumCase(
          typeName: typeName, name: name, payload: [.init(label: nil, value: masking(payload[0].value, at: casePath))])
      }
      return .enumCase(typeName: typeName, name: name, payload: masking(payload, at: casePath))
    case .collection(.array, let typeName, let elements):
      let masked = elements.enumerated().map { masking($1, at: path + [.index($0)]) }
      return .collection(kind: .array, typeName: typeName, elements: masked)
    case .dictionary(let typeName, let entries):
      let masked = entries.map { entry in
        let component = ValueTree.pathComponent(forKey: entry.key)
        return ValueTree.Entry(key: entry.key, value: masking(entry.value, at: path + [component]))
      }
      return .dictionary(typeName: typeName, entries: masked)
    case .optional(let wrapped?):
      return .optional(masking(wrapped, at: path))
    case .collection(.set, _, _), .optional(nil), .scalar, .omitted:
      // A set's elements have no paths; the others hold nothing inside.
      return tree
    }
  }

  private func masking(_ fields: [ValueTree.Field], at path: [StatePath.Component]) -> [ValueTree.Field] {
    fields.enumerated().map { offset, field in
      .init(label: field.label, value: masking(field.value, at: path + [.property(field.label ?? String(offset))]))
    }
  }

  /// The mask in place of `tree`, under its type's name when it has one.
  static func masked(_ tree: ValueTree) -> ValueTree {
    .scalar(typeName: tree.maskedTypeName, text: mask)
  }
}

extension ValueTree {
  /// The name a masked value keeps: its type's, and `Optional` for an optional, whose being
  /// `nil` or not is part of the secret.
  fileprivate var maskedTypeName: String {
    switch self {
    case .structure(let name, _), .enumCase(let name, _, _), .collection(_, let name, _), .dictionary(let name, _),
      .scalar(let name, _), .omitted(let name):
      name
    case .tuple: "tuple"
    case .optional: "Optional"
    }
  }
}
