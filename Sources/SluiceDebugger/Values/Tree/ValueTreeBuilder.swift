import Sluice

/// Builds `ValueTree`s by reflection, guarding against depth and reference cycles.
struct ValueTreeBuilder {
  let maximumDepth: Int
  /// Class instances on the path from the root to the current value.
  private var objectsInProgress: Set<ObjectIdentifier> = []

  init(maximumDepth: Int) {
    self.maximumDepth = maximumDepth
  }

  mutating func tree(for value: Any, depth: Int) -> ValueTree {
    let valueType = type(of: value)
    if Reflection.isScalarType(valueType) {
      // The common leaves skip building a mirror.
      return .scalar(typeName: TypeName.short(valueType), text: Reflection.scalarText(value))
    }
    let reflection = Reflection(value)
    if depth >= maximumDepth, reflection.shape != .scalar {
      return .omitted(typeName: reflection.typeName)
    }
    switch reflection.shape {
    case .scalar:
      return .scalar(typeName: reflection.typeName, text: Reflection.scalarText(value))
    case .optional:
      return .optional(reflection.unwrapped.map { tree(for: $0, depth: depth) })
    case .structure:
      return .structure(typeName: reflection.typeName, fields: fields(reflection.fields, depth: depth))
    case .object:
      let object = ObjectIdentifier(value as AnyObject)
      guard objectsInProgress.insert(object).inserted else {
        return .omitted(typeName: reflection.typeName)
      }
      defer { objectsInProgress.remove(object) }
      return .structure(typeName: reflection.typeName, fields: fields(reflection.fields, depth: depth))
    case .enumeration:
      return .enumCase(
        typeName: reflection.typeName,
        name: reflection.caseName,
        payload: fields(reflection.payloadFields, depth: depth)
      )
    case .tuple:
      return .tuple(fields(reflection.fields, depth: depth))
    case .collection:
      let list = ElementList(value, reflection: reflection)
      let elements = (0..<list.elementCount).map { tree(for: list.element(at: $0), depth: depth + 1) }
      return .collection(kind: .array, typeName: reflection.typeName, elements: elements)
    case .set:
      let elements = reflection.mirror.children.map { tree(for: $0.value, depth: depth + 1) }
      let sorted =
        elements
        .map { (text: $0.compactDescription, tree: $0) }
        .sorted { $0.text < $1.text }
        .map(\.tree)
      return .collection(kind: .set, typeName: reflection.typeName, elements: sorted)
    case .dictionary:
      return .dictionary(typeName: reflection.typeName, entries: entries(of: reflection, depth: depth))
    }
  }

  private mutating func fields(_ fields: [(label: String?, value: Any)], depth: Int) -> [ValueTree.Field] {
    fields.map { ValueTree.Field(label: $0.label, value: tree(for: $0.value, depth: depth + 1)) }
  }

  private mutating func entries(of reflection: Reflection, depth: Int) -> [ValueTree.Entry] {
    var entries: [(text: String, entry: ValueTree.Entry)] = []
    for child in reflection.mirror.children {
      // Each dictionary child is a `(key: Key, value: Value)` tuple.
      let pair = Mirror(reflecting: child.value).children.map(\.value)
      guard pair.count == 2 else { continue }
      let key = tree(for: pair[0], depth: depth + 1)
      let entry = ValueTree.Entry(key: key, value: tree(for: pair[1], depth: depth + 1))
      entries.append((key.compactDescription, entry))
    }
    return entries.sorted { $0.text < $1.text }.map(\.entry)
  }
}
