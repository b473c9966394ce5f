/// Finds the writes that turn one state into another: compares their bytes, and where they
/// differ descends through stored properties (``StoredFields``) and array elements
/// (``PatchableArray``) to the smallest parts that changed; a part it cannot descend into
/// (an enum, an optional, a dictionary, a class reference, a `let`) is replaced whole.
struct StatePatchBuilder {
  private(set) var operations: [StatePatch.Operation] = []
  /// About how many bytes the writes keep alive (see ``StatePatch/weight``).
  private(set) var weight = 0
  /// Whether a write replaces the whole state: the patch saves nothing.
  private(set) var replacesRoot = false

  /// The patch from `old` to `new`.
  static func patch<State>(from old: State, to new: State) -> (patch: StatePatch, replacesRoot: Bool) {
    var builder = StatePatchBuilder()
    builder.compare(old, new, at: [])
    return (StatePatch(operations: builder.operations, weight: builder.weight), builder.replacesRoot)
  }

  /// Adds the writes that turn `old` into `new`, the values at `route`.
  mutating func compare<Value>(_ old: Value, _ new: Value, at route: [StatePatch.Step]) {
    if ValueBytes.areEqual(old, new) { return }
    if Value.self is any PatchableArray.Type, let oldArray = old as? any PatchableArray {
      return oldArray.addChanges(to: new, at: route, into: &self)
    }
    let fields = StoredFields.of(Value.self).fields
    guard !fields.isEmpty else { return set(new, at: route) }
    let operationsBefore = operations.count
    let weightBefore = weight
    for (position, field) in fields.enumerated() {
      func compareField<Field>(_: Field.Type) -> Bool {
        guard let keyPath = field.keyPath as? KeyPath<Value, Field> else { return false }
        let oldField = old[keyPath: keyPath]
        let newField = new[keyPath: keyPath]
        if ValueBytes.areEqual(oldField, newField) { return true }
        guard field.isWritable else { return false }
        compare(oldField, newField, at: route + [.field(position)])
        return true
      }
      // A `let` that changed cannot be written: the value holding it is replaced instead.
      let fieldType: Any.Type = type(of: field.keyPath).valueType
      if !compareField(fieldType) {
        operations.removeSubrange(operationsBefore...)
        weight = weightBefore
        return set(new, at: route)
      }
    }
  }

  /// Adds a write of `value`, whole, at `route`.
  mutating func set<Value>(_ value: Value, at route: [StatePatch.Step]) {
    if route.isEmpty { replacesRoot = true }
    operations.append(.set(route: route, value: value))
    weight += Self.overhead(of: route) + StorageWeight.of(value)
  }

  /// Adds a replacement of `range` of the array at `route` with `elements`.
  mutating func replace<Elements>(_ range: Range<Int>, with elements: Elements, weight elementsWeight: Int, at route: [StatePatch.Step]) {
    operations.append(.replace(route: route, range: range, elements: elements))
    weight += Self.overhead(of: route) + elementsWeight
  }

  /// What a write costs besides its value: the operation, its route, and the box that
  /// holds the value.
  private static func overhead(of route: [StatePatch.Step]) -> Int {
    96 + route.count * MemoryLayout<StatePatch.Step>.stride
  }
}

/// About how many bytes a value takes: its inline size, and what its arrays, strings and
/// stored properties hold out of line. Storage shared by reference (a class instance, a
/// buffer an enum's payload holds) is not counted. An estimate, for weighing a patch against
/// a whole copy of the state; reads every element of every array, so it is taken rarely.
enum StorageWeight {
  /// The inline size and what is held out of line.
  static func of<Value>(_ value: Value) -> Int {
    MemoryLayout<Value>.size + outOfLine(value)
  }

  /// What `value` holds out of line.
  static func outOfLine<Value>(_ value: Value) -> Int {
    if _isPOD(Value.self) { return 0 }
    if Value.self is any PatchableArray.Type, let array = value as? any PatchableArray { return array.storedWeight }
    if let string = value as? String {
      let bytes = string.utf8.count
      return bytes > 15 ? bytes + 32 : 0
    }
    return StoredFields.of(Value.self).fields.reduce(0) { total, field in
      func weigh<Field>(_: Field.Type) -> Int {
        guard let keyPath = field.keyPath as? KeyPath<Value, Field> else { return 0 }
        return outOfLine(value[keyPath: keyPath])
      }
      let fieldType: Any.Type = type(of: field.keyPath).valueType
      return total + weigh(fieldType)
    }
  }
}
