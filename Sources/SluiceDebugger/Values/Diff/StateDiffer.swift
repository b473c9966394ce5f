/// Computes a `StateChange` tree between two values, descending only into what differs.
///
/// The order of checks keeps large states cheap: arrays sharing a buffer are equal
/// in O(1); arrays of `Equatable` elements are aligned by a specialised loop;
/// `Equatable` values stop the descent as soon as `==` says they are equal; only
/// then are the two values opened with `Mirror`, one level at a time.
struct StateDiffer {
  /// Deeper than this, a difference is reported as a replacement instead of descending.
  static let maximumDepth = 128
  /// At most this many changed elements are listed per collection; the rest are elided.
  static let maximumListedElements = 100

  private(set) var changedPaths: [StatePath] = []
  /// Pairs of class instances being compared, so reference cycles terminate.
  private var objectsInProgress: Set<[ObjectIdentifier]> = []

  /// The change from `old` to `new` at `path`, or `nil` if they are equal.
  /// `knownToDiffer` skips the `==` the caller already ran.
  mutating func change(
    from old: Any, to new: Any, at path: StatePath, depth: Int, knownToDiffer: Bool = false
  ) -> StateChange? {
    let valueType = type(of: old)
    guard valueType == type(of: new) else {
      return replacement(old, new, at: path)
    }
    // Arrays first: one cast tells them apart, shared buffers are equal in O(1),
    // and `Equatable` elements are aligned in one specialised pass (comparing
    // them with `==` first would only add another pass).
    let isScalar = Reflection.isScalarType(valueType)
    if !isScalar, let array = old as? any IndexedElements {
      if array.sharesStorage(with: new) { return nil }
      if let elementwise = old as? any ElementwiseComparable,
        let newElements = new as? any IndexedElements,
        let alignment = elementwise.alignment(comparedWith: new)
      {
        if alignment.isUnchanged { return nil }
        return elementsChange(
          alignment, old: elementwise, new: newElements, typeName: TypeName.short(valueType), at: path,
          depth: depth)
      }
    }
    let equality = knownToDiffer ? false : isEqual(old, new)
    if equality == true {
      return nil
    }
    if isScalar || depth >= Self.maximumDepth {
      return replacement(old, new, at: path)
    }
    let reflection = Reflection(old)
    let change: StateChange?
    switch reflection.shape {
    case .scalar:
      if equality == nil, Reflection.scalarText(old) == Reflection.scalarText(new) { return nil }
      return replacement(old, new, at: path)
    case .optional:
      return optionalChange(
        reflection.unwrapped, (new as? any OptionalValue)?.wrappedValue, old: old, new: new, at: path,
        depth: depth)
    case .object:
      let pair = [ObjectIdentifier(old as AnyObject), ObjectIdentifier(new as AnyObject)]
      if pair[0] == pair[1] || objectsInProgress.contains(pair) { return nil }
      objectsInProgress.insert(pair)
      defer { objectsInProgress.remove(pair) }
      change = fieldsChange(
        reflection.fields, Reflection(new).fields, in: .structure(typeName: reflection.typeName), at: path,
        depth: depth)
    case .structure:
      change = fieldsChange(
        reflection.fields, Reflection(new).fields, in: .structure(typeName: reflection.typeName), at: path,
        depth: depth)
    case .tuple:
      change = fieldsChange(reflection.fields, Reflection(new).fields, in: .tuple, at: path, depth: depth)
    case .enumeration:
      change = enumChange(reflection, Reflection(new), at: path, depth: depth)
    case .collection:
      change = genericElementsChange(old, new, reflection: reflection, at: path, depth: depth)
    case .set:
      change = setChange(old, new, typeName: reflection.typeName, at: path)
    case .dictionary:
      change = dictionaryChange(old, new, typeName: reflection.typeName, at: path, depth: depth)
    }
    // `==` said they differ but no part does (a custom `==`): show the whole value.
    if change == nil, equality == false {
      return replacement(old, new, at: path)
    }
    return change
  }

  // MARK: Leaves

  private mutating func replacement(_ old: Any, _ new: Any, at path: StatePath) -> StateChange {
    changedPaths.append(path)
    return .replaced(old: ValueTree(reflecting: old), new: ValueTree(reflecting: new))
  }

  private mutating func optionalChange(
    _ oldWrapped: Any?, _ newWrapped: Any?, old: Any, new: Any, at path: StatePath, depth: Int
  ) -> StateChange? {
    switch (oldWrapped, newWrapped) {
    case (nil, nil):
      return nil
    case (let oldValue?, let newValue?):
      return change(from: oldValue, to: newValue, at: path.appending(.optionalChain), depth: depth + 1)
    default:
      return replacement(old, new, at: path)
    }
  }

  // MARK: Fields

  private mutating func fieldsChange(
    _ oldFields: [(label: String?, value: Any)],
    _ newFields: [(label: String?, value: Any)],
    in container: StateChange.Container,
    at path: StatePath,
    depth: Int,
    childPath: ((Int, String?) -> StatePath)? = nil
  ) -> StateChange? {
    guard oldFields.count == newFields.count else { return nil }
    var members = MemberList()
    for (index, (old, new)) in zip(oldFields, newFields).enumerated() {
      let fieldPath = childPath?(index, old.label) ?? path.appending(.property(old.label ?? String(index)))
      if let change = change(from: old.value, to: new.value, at: fieldPath, depth: depth + 1) {
        members.append(.changed(old.label.map(StateChange.Label.field) ?? .none, change))
      } else {
        members.addUnchanged(1)
      }
    }
    return members.hasChanges ? .nested(in: container, members: members.members) : nil
  }

  private mutating func enumChange(_ old: Reflection, _ new: Reflection, at path: StatePath, depth: Int)
    -> StateChange?
  {
    let caseName = old.caseName
    guard caseName == new.caseName else {
      changedPaths.append(path)
      return .caseChanged(old: ValueTree(reflecting: old.value), new: ValueTree(reflecting: new.value))
    }
    let oldPayload = old.payloadFields
    let casePath = path.appending(.property(caseName))
    let isSingleValue = oldPayload.count == 1 && oldPayload[0].label == nil
    return fieldsChange(
      oldPayload,
      new.payloadFields,
      in: .enumCase(typeName: old.typeName, name: caseName),
      at: path,
      depth: depth,
      childPath: { index, label in
        isSingleValue ? casePath : casePath.appending(.property(label ?? String(index)))
      }
    )
  }

  // MARK: Collections

  private mutating func elementsChange(
    _ alignment: ElementAlignment,
    old: any IndexedElements,
    new: any IndexedElements,
    typeName: String,
    at path: StatePath,
    depth: Int
  ) -> StateChange? {
    var members = MemberList()
    var listed = 0
    var elided = 0
    for step in alignment.steps {
      if case .unchanged(let count) = step {
        members.addUnchanged(count)
        continue
      }
      guard listed < Self.maximumListedElements else {
        elided += 1
        continue
      }
      listed += 1
      switch step {
      case .unchanged:
        break
      case .changed(let oldOffset, let newOffset):
        let elementPath = path.appending(.index(newOffset))
        let oldElement = old.element(at: oldOffset)
        let newElement = new.element(at: newOffset)
        let change =
          change(from: oldElement, to: newElement, at: elementPath, depth: depth + 1)
          ?? replacement(oldElement, newElement, at: elementPath)
        members.append(.changed(.index(newOffset), change))
      case .removed(let oldOffset):
        changedPaths.append(path.appending(.index(oldOffset)))
        members.append(.removed(.index(oldOffset), ValueTree(reflecting: old.element(at: oldOffset))))
      case .inserted(let newOffset):
        changedPaths.append(path.appending(.index(newOffset)))
        members.append(.inserted(.index(newOffset), ValueTree(reflecting: new.element(at: newOffset))))
      }
    }
    if elided > 0 {
      changedPaths.append(path)
      members.append(.elided(count: elided))
    }
    return members.hasChanges
      ? .nested(in: .collection(kind: .array, typeName: typeName), members: members.members) : nil
  }

  /// Collections whose elements are not `Equatable` (or that are not arrays):
  /// elements compare structurally.
  private mutating func genericElementsChange(
    _ old: Any, _ new: Any, reflection: Reflection, at path: StatePath, depth: Int
  ) -> StateChange? {
    let oldElements = ElementList(old, reflection: reflection)
    let newElements = ElementList(new, reflection: Reflection(new))
    let alignment = ElementAlignment.aligning(
      oldCount: oldElements.elementCount, newCount: newElements.elementCount
    ) {
      StructuralEquality.areEqual(oldElements.element(at: $0), newElements.element(at: $1))
    }
    if alignment.isUnchanged { return nil }
    return elementsChange(
      alignment, old: oldElements, new: newElements, typeName: reflection.typeName, at: path, depth: depth)
  }

  private mutating func setChange(_ old: Any, _ new: Any, typeName: String, at path: StatePath)
    -> StateChange?
  {
    guard let set = old as? any SetDifferencing, let differences = set.differences(to: new) else {
      return nil
    }
    if differences.removed.isEmpty, differences.inserted.isEmpty { return nil }
    changedPaths.append(path)
    var members = MemberList()
    for tree in Self.sorted(differences.removed.map { ValueTree(reflecting: $0) }) {
      members.append(.removed(.none, tree))
    }
    for tree in Self.sorted(differences.inserted.map { ValueTree(reflecting: $0) }) {
      members.append(.inserted(.none, tree))
    }
    members.addUnchanged(differences.unchangedCount)
    return .nested(in: .collection(kind: .set, typeName: typeName), members: members.members)
  }

  private static func sorted(_ trees: [ValueTree]) -> [ValueTree] {
    trees.map { ($0.compactDescription, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
  }

  private mutating func dictionaryChange(
    _ old: Any, _ new: Any, typeName: String, at path: StatePath, depth: Int
  ) -> StateChange? {
    guard let dictionary = old as? any KeyedEntries,
      let differences = dictionary.differences(
        to: new, comparingValuesWith: { StructuralEquality.areEqual($0, $1) })
    else {
      return nil
    }
    enum Kind {
      case changed(Any, Any)
      case removed(Any)
      case inserted(Any)
    }
    var entries: [(text: String, key: Any, kind: Kind)] = []
    for entry in differences.changed {
      entries.append((Self.keyText(entry.key), entry.key, .changed(entry.old, entry.new)))
    }
    for entry in differences.removed {
      entries.append((Self.keyText(entry.key), entry.key, .removed(entry.value)))
    }
    for entry in differences.inserted {
      entries.append((Self.keyText(entry.key), entry.key, .inserted(entry.value)))
    }
    entries.sort { $0.text < $1.text }

    var members = MemberList()
    var unchanged = differences.unchangedCount
    for entry in entries {
      let label = StateChange.Label.key(ValueTree(reflecting: entry.key))
      let entryPath = path.appending(Self.component(forKey: entry.key))
      switch entry.kind {
      case .changed(let oldValue, let newValue):
        if let change = change(from: oldValue, to: newValue, at: entryPath, depth: depth + 1) {
          members.append(.changed(label, change))
        } else {
          unchanged += 1
        }
      case .removed(let value):
        changedPaths.append(entryPath)
        members.append(.removed(label, ValueTree(reflecting: value)))
      case .inserted(let value):
        changedPaths.append(entryPath)
        members.append(.inserted(label, ValueTree(reflecting: value)))
      }
    }
    members.addUnchanged(unchanged)
    return members.hasChanges ? .nested(in: .dictionary(typeName: typeName), members: members.members) : nil
  }

  private static func keyText(_ key: Any) -> String {
    (key as? String).map(SwiftStringEscaping.quoted) ?? String(describing: key)
  }

  private static func component(forKey key: Any) -> StatePath.Component {
    if let text = key as? String { return .key(text) }
    if let number = key as? any BinaryInteger, let index = Int(exactly: number) { return .index(index) }
    return .key(String(describing: key))
  }
}

/// Members of a nested change, with neighbouring unchanged runs merged.
private struct MemberList {
  private(set) var members: [StateChange.Member] = []
  private(set) var hasChanges = false

  mutating func append(_ member: StateChange.Member) {
    members.append(member)
    hasChanges = true
  }

  mutating func addUnchanged(_ count: Int) {
    guard count > 0 else { return }
    if case .unchanged(let previous)? = members.last {
      members[members.count - 1] = .unchanged(count: previous + count)
    } else {
      members.append(.unchanged(count: count))
    }
  }
}
