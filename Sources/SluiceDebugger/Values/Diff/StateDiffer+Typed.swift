import Sluice

/// The diff of values whose type is a generic parameter (the root, and the fields an
/// ``Inspectable`` struct lists): `Int`, `String`, `Bool` and `Double` leaves become trees
/// directly, an `Inspectable` struct is read through its field list, and nothing is boxed
/// in `Any` or cast back until the diff meets a type it must reflect on. Each step gives what
/// `change(from:to:depth:knownToDiffer:)` gives for the same values as `Any`.
extension StateDiffer {
  /// The change from `old` to `new` at the current path, or `nil` if they are equal.
  /// `knownToDiffer` skips the `==` the caller already ran.
  mutating func change<Value>(from old: Value, to new: Value, depth: Int, knownToDiffer: Bool) -> StateChange? {
    if knownToDiffer, let oldTree = ScalarLeaf.tree(of: old), let newTree = ScalarLeaf.tree(of: new) {
      recordChange()
      return .replaced(old: oldTree, new: newTree)
    }
    // A class instance may be of a subclass: those take the `Any` path, which looks at the
    // dynamic type. (An existential type never conforms to `Inspectable`.)
    if !(Value.self is AnyClass), let inspectable = Value.self as? any Inspectable.Type {
      let facts = TypeFacts.of(Value.self)
      if !facts.isIndexed, !facts.isScalar, depth < Self.maximumDepth {
        return inspectableChange(
          of: inspectable, old, new, typeName: facts.typeName, depth: depth, knownToDiffer: knownToDiffer)
      }
    }
    return change(from: old as Any, to: new as Any, depth: depth, knownToDiffer: knownToDiffer)
  }

  /// The change between two values of `Fields`, which is `Value` (the caller opened
  /// `Value.self` as an `Inspectable` type).
  private mutating func inspectableChange<Fields: Inspectable, Value>(
    of _: Fields.Type, _ old: Value, _ new: Value, typeName: String, depth: Int, knownToDiffer: Bool
  ) -> StateChange? {
    let equality = knownToDiffer ? false : isEqual(old, new, of: Value.self)
    if equality == true { return nil }
    let change = fieldsChange(
      of: Fields.self, sameValue(old, as: Fields.self), sameValue(new, as: Fields.self),
      typeName: typeName, depth: depth)
    // `==` said they differ but no field does (a custom `==`): show the whole value.
    if change == nil, equality == false {
      return replacement(old, new, facts: TypeFacts.of(Value.self))
    }
    return change
  }

  /// The change between two values of an ``Inspectable`` struct, read through the fields it
  /// lists: the same members a mirror's children give, at the same paths.
  mutating func fieldsChange<Value: Inspectable>(
    of _: Value.Type, _ old: Value, _ new: Value, typeName: String, depth: Int
  ) -> StateChange? {
    // The visitor works on this differ, moved into it (not copied, which would share the
    // path's buffer and make every push copy it) and moved back.
    var comparison = FieldComparison(differ: StateDiffer(), depth: depth)
    swap(&self, &comparison.differ)
    Value.visitFields(of: old, and: new, with: &comparison)
    swap(&self, &comparison.differ)
    let members = comparison.members
    return members.hasChanges ? .nested(in: .structure(typeName: typeName), members: members.members) : nil
  }
}

/// Compares the fields an ``Inspectable`` struct hands it: `Equatable` ones with `==`
/// first, and only those that differ (or cannot say) through the differ.
private struct FieldComparison: FieldPairVisitor {
  var differ: StateDiffer
  let depth: Int
  var members = MemberList()

  mutating func visit<Value: Equatable>(_ name: String, _ old: Value, _ new: Value) {
    if old == new {
      members.addUnchanged(1)
    } else {
      compare(name, old, new, knownToDiffer: true)
    }
  }

  mutating func visit<Value>(_ name: String, _ old: Value, _ new: Value) {
    compare(name, old, new, knownToDiffer: false)
  }

  private mutating func compare<Value>(_ name: String, _ old: Value, _ new: Value, knownToDiffer: Bool) {
    let depth = depth
    let change = differ.descending(into: .property(name)) {
      $0.change(from: old, to: new, depth: depth + 1, knownToDiffer: knownToDiffer)
    }
    if let change {
      members.append(.changed(.field(name), change))
    } else {
      members.addUnchanged(1)
    }
  }
}
