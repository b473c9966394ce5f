@_spi(Reflection) import Swift

/// Which bytes of a type's inline representation hold its value: all but the padding
/// between and after stored properties, which copying a value does not preserve (a copy
/// of a struct with references copies it property by property). Two values whose value
/// bytes are equal are the same value: the same scalars, the same references to the same
/// storage, whatever `==` says. Different bytes may still be equal values (two equal
/// strings in two buffers, or an enum's payload padding), which a patch then writes again,
/// harmlessly.
struct ValueBytes: Sendable {
  /// The value's size in bytes.
  let size: Int
  /// For each 8 bytes of the value, the bits that hold it.
  private let masks: [UInt64]

  private init(_ type: Any.Type) {
    func size<Value>(of _: Value.Type) -> Int { MemoryLayout<Value>.size }
    let total = size(of: type)
    var meaningful = [Bool](repeating: false, count: total)
    Self.mark(type, at: 0, size: total, in: &meaningful)
    self.size = total
    masks = stride(from: 0, to: total, by: 8).map { start in
      (start..<min(start + 8, total)).reduce(UInt64(0)) { mask, byte in
        meaningful[byte] ? mask | (UInt64(0xFF) << UInt64((byte - start) * 8)) : mask
      }
    }
  }

  /// Marks the bytes of a value of `type` at `offset` that hold it: a struct's (or a
  /// tuple's) are its stored properties' (found by the runtime's field records); any other
  /// value's, all of them.
  private static func mark(_ type: Any.Type, at offset: Int, size: Int, in meaningful: inout [Bool]) {
    var fields: [(offset: Int, type: Any.Type, kind: _MetadataKind)] = []
    // A class reference is a pointer: no fields of its own here. An enum is described
    // with no fields at all, so no fields means "all of it".
    let described =
      !(type is AnyClass)
      && _forEachField(of: type) { _, fieldOffset, fieldType, kind in
        fields.append((fieldOffset, fieldType, kind))
        return true
      } && !fields.isEmpty
    guard described else {
      for byte in offset..<(offset + size) { meaningful[byte] = true }
      return
    }
    func sizeOf<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.size }
    for field in fields {
      let fieldType = field.type
      let fieldSize = sizeOf(fieldType)
      if field.kind == .struct || field.kind == .tuple {
        mark(fieldType, at: offset + field.offset, size: fieldSize, in: &meaningful)
      } else {
        for byte in (offset + field.offset)..<(offset + field.offset + fieldSize) { meaningful[byte] = true }
      }
    }
  }

  /// Whether the values at `old` and `new` have the same value bytes.
  func areEqual(_ old: UnsafeRawPointer, _ new: UnsafeRawPointer) -> Bool {
    var offset = 0
    for mask in masks {
      let count = min(8, size - offset)
      let oldWord: UInt64
      let newWord: UInt64
      if count == 8 {
        oldWord = old.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        newWord = new.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      } else {
        (oldWord, newWord) = (0..<count).reduce((UInt64(0), UInt64(0))) { words, byte in
          let shift = UInt64(byte * 8)
          return (
            words.0 | UInt64(old.load(fromByteOffset: offset + byte, as: UInt8.self)) << shift,
            words.1 | UInt64(new.load(fromByteOffset: offset + byte, as: UInt8.self)) << shift
          )
        }
      }
      if (oldWord ^ newWord) & mask != 0 { return false }
      offset += 8
    }
    return true
  }

  /// Whether `old` and `new` have the same value bytes.
  static func areEqual<Value>(_ old: Value, _ new: Value) -> Bool {
    let bytes = of(Value.self)
    guard bytes.size > 0 else { return true }
    return withUnsafeBytes(of: old) { oldBytes in
      withUnsafeBytes(of: new) { newBytes in
        bytes.areEqual(oldBytes.baseAddress!, newBytes.baseAddress!)
      }
    }
  }

  /// The value bytes of `type`, learned on first use.
  static func of(_ type: Any.Type) -> ValueBytes {
    cache.value(for: type) { ValueBytes(type) }
  }

  private static let cache = TypeKeyedCache<ValueBytes>()
}
