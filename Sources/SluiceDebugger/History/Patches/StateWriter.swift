/// Writes into a value of a type known only at run time, in place, along a patch's route:
/// through stored properties by their key paths (``StoredFields``) and array elements by
/// offset. A write through a `let`, into an enum's payload or into a class instance (which
/// later states share) has no route: patches replace such values whole.
enum StateWriter {
  /// What to do at the end of a route.
  enum Write {
    /// Replace the value.
    case set(Any)
    /// Replace a range of the array there.
    case replace(Range<Int>, with: Any)

    /// Performs the write on `leaf`; `false` when the value is not of its type.
    func perform<Leaf>(on leaf: inout Leaf) -> Bool {
      switch self {
      case .set(let value):
        guard let typed = value as? Leaf else { return false }
        leaf = typed
        return true
      case .replace(let range, let elements):
        guard let arrayType = Leaf.self as? any PatchableArray.Type else { return false }
        func replace<Array: PatchableArray>(_: Array.Type) -> Bool {
          withOpened(&leaf, as: Array.self) { $0.replaceElements(in: range, with: elements) }
        }
        return replace(arrayType)
      }
    }
  }

  /// Performs `change` at the end of `route` inside `value`.
  ///
  /// - Returns: Whether the route led somewhere writable and the write fit.
  static func write<Value>(_ change: Write, along route: ArraySlice<StatePatch.Step>, in value: inout Value) -> Bool {
    guard let step = route.first else { return change.perform(on: &value) }
    let rest = route.dropFirst()
    switch step {
    case .field(let position):
      let fields = StoredFields.of(Value.self).fields
      guard fields.indices.contains(position), fields[position].isWritable else { return false }
      let keyPath = fields[position].keyPath
      func descend<Field>(_: Field.Type) -> Bool {
        guard let writable = keyPath as? WritableKeyPath<Value, Field> else { return false }
        return write(change, along: rest, in: &value[keyPath: writable])
      }
      let fieldType: Any.Type = type(of: keyPath).valueType
      return descend(fieldType)
    case .element(let offset):
      guard let arrayType = Value.self as? any PatchableArray.Type else { return false }
      func descend<Array: PatchableArray>(_: Array.Type) -> Bool {
        withOpened(&value, as: Array.self) { $0.writeElement(at: offset, change, along: rest) }
      }
      return descend(arrayType)
    }
  }
}

/// Calls `body` with `value` seen as `Opened`, which the caller found to be `Value`'s
/// dynamic type through a cast of its metatype: so that a protocol's mutating requirement
/// runs on the value in place, where a cast to the protocol would copy it (and an array's
/// buffer with it).
///
/// Sound because the two types are the same type (checked): the memory is bound to it.
func withOpened<Value, Opened>(_ value: inout Value, as _: Opened.Type, _ body: (inout Opened) -> Bool) -> Bool {
  guard Value.self == Opened.self else { return false }
  return withUnsafeMutablePointer(to: &value) { pointer in
    body(&UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: Opened.self).pointee)
  }
}
