import Sluice

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
  /// The path of the value being compared. Components are pushed and popped as the
  /// diff descends, and a `StatePath` is only copied out for a changed leaf, so equal
  /// fields cost no path at all.
  private var path = StatePath.root
  /// Whether the last recorded path shares `path`'s buffer.
  private var pathIsShared = false
  private var equality = EqualityWitnesses()

  /// The change from `old` to `new` at the current path, or `nil` if they are equal.
  /// `knownToDiffer` skips the `==` the caller already ran.
  mutating func change(from old: Any, to new: Any, depth: Int, knownToDiffer: Bool = false) -> StateChange? {
    let valueType = type(of: old)
    guard valueType == type(of: new) else {
      return replacement(old, new)
    }
    let facts = TypeFacts.of(valueType)
    // Arrays first: shared buffers are equal in O(1), and `Equatable` elements are
    // aligned in one specialised pass (comparing them with `==` first would only add
    // another pass).
    if facts.isIndexed, let array = old as? any IndexedElements {
      if array.sharesStorage(with: new) { return nil }
      if let elementwise = old as? any ElementwiseComparable,
        let newElements = new as? any IndexedElements,
        let alignment = elementwise.alignment(comparedWith: new)
      {
        if alignment.isUnchanged { return nil }
        return elementsChange(alignment, old: elementwise, new: newElements, typeName: facts.typeName, depth: depth)
      }
    }
    if facts.isScalar, let comparison = ScalarLeaf.comparison(old, new, of: valueType) {
      guard case .differ(let oldTree, let newTree) = comparison else { return nil }
      recordChange()
      return .replaced(old: oldTree, new: newTree)
    }
    let equality = knownToDiffer ? false : self.equality.isEqual(old, new, of: valueType)
    if equality == true {
      return nil
    }
    if facts.isScalar || depth >= Self.maximumDepth {
      return replacement(old, new, facts: facts)
    }
    // A struct that lists its own properties is compared field by field, without a mirror.
    if let inspectable = valueType as? any Inspectable.Type {
      let change = fieldsChange(of: inspectable, old, new, typeName: facts.typeName, depth: depth)
      if change == nil, equality == false {
        return replacement(old, new, facts: facts)
      }
      return change
    }
    let reflection = Reflection(nonScalar: old)
    let change: StateChange?
    switch reflection.shape {
    case .scalar:
      if equality == nil, Reflection.scalarText(old) == Reflection.scalarText(new) { return nil }
      return replacement(old, new, facts: facts)
    case .optional:
      return optionalChange(
        reflection.unwrapped, (new as? any OptionalValue)?.wrappedValue, old: old, new: new, depth: depth)
    case .object:
      let pair = [ObjectIdentifier(old as AnyObject), ObjectIdentifier(new as AnyObject)]
      if pair[0] == pair[1] || objectsInProgress.contains(pair) { return nil }
      objectsInProgress.insert(pair)
      defer { objectsInProgress.remove(pair) }
      change = fieldsChange(
        reflection.fields, Reflection(new).fields, in: .structure(typeName: facts.typeName), depth: depth)
    case .structure:
      change = childrenChange(
        reflection.mirror, Mirror(reflecting: new), in: .structure(typeName: facts.typeName), depth: depth)
    case .tuple:
      change = childrenChange(reflection.mirror, Mirror(reflecting: new), in: .tuple, depth: depth)
    case .enumeration:
      change = enumChange(reflection, Reflection(new), typeName: facts.typeName, depth: depth)
    case .collection:
      change = genericElementsChange(old, new, reflection: reflection, typeName: facts.typeName, depth: depth)
    case .set:
      change = setChange(old, new, typeName: facts.typeName)
    case .dictionary:
      change = dictionaryChange(old, new, typeName: facts.typeName, depth: depth)
    }
    // `==` said they differ but no part does (a custom `==`): show the whole value.
    if change == nil, equality == false {
      return replacement(old, new, facts: facts)
    }
    return change
  }

  /// `old == new` for two values of exactly `type`, or `nil` when `type` is not `Equatable`.
  mutating func isEqual(_ old: Any, _ new: Any, of type: Any.Type) -> Bool? {
    equality.isEqual(old, new, of: type)
  }

  /// `body`'s result, computed with `component` appended to the current path.
  mutating func descending<Result>(
    into component: StatePath.Component, _ body: (inout StateDiffer) -> Result
  ) -> Result {
    path.components.append(component)
    defer {
      if pathIsShared {
        // A recorded path holds this buffer: removing in place would copy it whole first.
        path.components = Array(path.components.dropLast())
        pathIsShared = false
      } else {
        path.components.removeLast()
      }
    }
    return body(&self)
  }

  /// Records the current path as changed.
  mutating func recordChange() {
    changedPaths.append(path)
    pathIsShared = !path.components.isEmpty
  }

  // MARK: Leaves

  mutating func replacement(_ old: Any, _ new: Any, facts: TypeFacts? = nil) -> StateChange {
    recordChange()
    return .replaced(old: Self.tree(for: old, facts: facts), new: Self.tree(for: new, facts: facts))
  }

  /// The tree of a replaced value; leaves whose facts are known skip the tree builder.
  private static func tree(for value: Any, facts: TypeFacts?) -> ValueTree {
    if let facts, facts.isScalar {
      return .scalar(typeName: facts.typeName, text: Reflection.scalarText(value))
    }
    return ValueTree(reflecting: value)
  }

  private mutating func optionalChange(_ oldWrapped: Any?, _ newWrapped: Any?, old: Any, new: Any, depth: Int)
    -> StateChange?
  {
    switch (oldWrapped, newWrapped) {
    case (nil, nil):
      return nil
    case (let oldValue?, let newValue?):
      return descending(into: .optionalChain) { $0.change(from: oldValue, to: newValue, depth: depth + 1) }
    default:
      return replacement(old, new)
    }
  }

  // MARK: Fields

  /// Compares the children of two mirrors of the same struct or tuple type in
  /// lockstep, without collecting them into arrays first. The children are counted first
  /// (constant time for a mirror's own children), so no iterator is asked past its end: each
  /// such call costs as much as reading a child.
  private mutating func childrenChange(
    _ oldMirror: Mirror, _ newMirror: Mirror, in container: StateChange.Container, depth: Int
  ) -> StateChange? {
    let oldChildren = oldMirror.children
    let newChildren = newMirror.children
    let count = oldChildren.count
    // A custom mirror with fewer children on one side: not comparable by parts.
    guard newChildren.count == count else { return nil }
    let recorded = changedPaths.count
    let oldIterator = oldChildren.makeIterator()
    let newIterator = newChildren.makeIterator()
    var members = MemberList()
    for index in 0..<count {
      guard let old = oldIterator.next(), let new = newIterator.next() else {
        changedPaths.removeSubrange(recorded...)
        return nil
      }
      let (label, oldValue) = Reflection.field(old.label, old.value)
      let newValue = Reflection.field(new.label, new.value).value
      let fieldChange = descending(into: .property(label ?? String(index))) {
        $0.change(from: oldValue, to: newValue, depth: depth + 1)
      }
      if let fieldChange {
        members.append(.changed(label.map(StateChange.Label.field) ?? .none, fieldChange))
      } else {
        members.addUnchanged(1)
      }
    }
    return members.hasChanges ? .nested(in: container, members: members.members) : nil
  }

  private mutating func fieldsChange(
    _ oldFields: [(label: String?, value: Any)],
    _ newFields: [(label: String?, value: Any)],
    in container: StateChange.Container,
    depth: Int,
    isSingleValue: Bool = false
  ) -> StateChange? {
    guard oldFields.count == newFields.count else { return nil }
    var members = MemberList()
    for (index, (old, new)) in zip(oldFields, newFields).enumerated() {
      let compare = { (differ: inout StateDiffer) in
        differ.change(from: old.value, to: new.value, depth: depth + 1)
      }
      let fieldChange =
        isSingleValue ? compare(&self) : descending(into: .property(old.label ?? String(index)), compare)
      if let fieldChange {
        members.append(.changed(old.label.map(StateChange.Label.field) ?? .none, fieldChange))
      } else {
        members.addUnchanged(1)
      }
    }
    return members.hasChanges ? .nested(in: container, members: members.members) : nil
  }

  /// The change between two values of an ``Inspectable`` struct known only as `Any`, read
  /// through the fields it lists: the same members a mirror's children give, at the same paths.
  private mutating func fieldsChange<Value: Inspectable>(
    of type: Value.Type, _ old: Any, _ new: Any, typeName: String, depth: Int
  ) -> StateChange? {
    // Checked by the caller: both values are of `type`.
    guard let old = old as? Value, let new = new as? Value else { return nil }
    return fieldsChange(of: type, old, new, typeName: typeName, depth: depth)
  }

  private mutating func enumChange(_ old: Reflection, _ new: Reflection, typeName: String, depth: Int)
    -> StateChange?
  {
    let caseName = old.caseName
    guard caseName == new.caseName else {
      recordChange()
      return .caseChanged(old: ValueTree(reflecting: old.value), new: ValueTree(reflecting: new.value))
    }
    let oldPayload = old.payloadFields
    // A single unlabeled payload is reached by the case name alone (`filter.active`).
    let isSingleValue = oldPayload.count == 1 && oldPayload[0].label == nil
    return descending(into: .property(caseName)) {
      $0.fieldsChange(
        oldPayload, new.payloadFields, in: .enumCase(typeName: typeName, name: caseName), depth: depth,
        isSingleValue: isSingleValue)
    }
  }

  // MARK: Collections

  private mutating func elementsChange(
    _ alignment: ElementAlignment,
    old: any IndexedElements,
    new: any IndexedElements,
    typeName: String,
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
        let oldElement = old.element(at: oldOffset)
        let newElement = new.element(at: newOffset)
        let recorded = changedPaths.count
        let change = descending(into: .index(newOffset)) {
          $0.change(from: oldElement, to: newElement, depth: depth + 1) ?? $0.replacement(oldElement, newElement)
        }
        if oldOffset != newOffset, change.removesParts {
          // Moved as well as changed, and something inside it removed: the paths inside
          // carry the new index, and a removed part's would lead nowhere in the old state
          // (`slots[1].many[0]` for what was `slots[2]`'s). It is removed where it was and
          // inserted where it is instead.
          changedPaths.removeSubrange(recorded...)
          members.append(removedElement(oldElement, at: oldOffset))
          members.append(insertedElement(newElement, at: newOffset))
        } else {
          members.append(.changed(.index(newOffset), change))
        }
      case .removed(let oldOffset):
        members.append(removedElement(old.element(at: oldOffset), at: oldOffset))
      case .inserted(let newOffset):
        members.append(insertedElement(new.element(at: newOffset), at: newOffset))
      }
    }
    if elided > 0 {
      recordChange()
      members.append(.elided(count: elided))
    }
    return members.hasChanges
      ? .nested(in: .collection(kind: .array, typeName: typeName), members: members.members) : nil
  }

  /// An element gone from the old array at `offset`: its path is recorded as changed.
  private mutating func removedElement(_ element: Any, at offset: Int) -> StateChange.Member {
    descending(into: .index(offset)) { $0.recordChange() }
    return .removed(.index(offset), ValueTree(reflecting: element))
  }

  /// An element new in the new array at `offset`: its path is recorded as changed.
  private mutating func insertedElement(_ element: Any, at offset: Int) -> StateChange.Member {
    descending(into: .index(offset)) { $0.recordChange() }
    return .inserted(.index(offset), ValueTree(reflecting: element))
  }

  /// Collections whose elements are not `Equatable` (or that are not arrays):
  /// elements compare structurally.
  private mutating func genericElementsChange(
    _ old: Any, _ new: Any, reflection: Reflection, typeName: String, depth: Int
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
      alignment, old: oldElements, new: newElements, typeName: typeName, depth: depth)
  }

  private mutating func setChange(_ old: Any, _ new: Any, typeName: String) -> StateChange? {
    guard let set = old as? any SetDifferencing, let differences = set.differences(to: new) else {
      return nil
    }
    if differences.removed.isEmpty, differences.inserted.isEmpty { return nil }
    recordChange()
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
    _ old: Any, _ new: Any, typeName: String, depth: Int
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
      let keyTree = ValueTree(reflecting: entry.key)
      let label = StateChange.Label.key(keyTree)
      let component = ValueTree.pathComponent(forKey: keyTree)
      switch entry.kind {
      case .changed(let oldValue, let newValue):
        if let change = descending(into: component, { $0.change(from: oldValue, to: newValue, depth: depth + 1) }) {
          members.append(.changed(label, change))
        } else {
          unchanged += 1
        }
      case .removed(let value):
        descending(into: component) { $0.recordChange() }
        members.append(.removed(label, ValueTree(reflecting: value)))
      case .inserted(let value):
        descending(into: component) { $0.recordChange() }
        members.append(.inserted(label, ValueTree(reflecting: value)))
      }
    }
    members.addUnchanged(unchanged)
    return members.hasChanges ? .nested(in: .dictionary(typeName: typeName), members: members.members) : nil
  }

  private static func keyText(_ key: Any) -> String {
    (key as? String).map(SwiftStringEscaping.quoted) ?? String(describing: key)
  }
}

/// Members of a nested change, with neighbouring unchanged runs merged.
struct MemberList {
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

extension StateChange {
  /// Whether an element or entry was removed, at any depth: its path leads to it in the old
  /// value only.
  fileprivate var removesParts: Bool {
    switch self {
    case .replaced, .caseChanged: false
    case .nested(_, let members):
      members.contains { member in
        switch member {
        case .removed: true
        case .changed(_, let inner): inner.removesParts
        case .unchanged, .inserted, .elided: false
        }
      }
    }
  }
}
