import Foundation
@_spi(Reflection) import Swift

/// Which bytes of a type's inline representation hold its value: all but the padding
/// between and after stored properties, which copying a value does not preserve (a copy
/// of a struct with references copies it property by property). Compared with `memcmp`, run
/// by run: fast in a debug build too. Two values whose value
/// bytes are equal are the same value: the same scalars, the same references to the same
/// storage, whatever `==` says. Different bytes may still be equal values (two equal
/// strings in two buffers, or an enum's payload padding), which a patch then writes again,
/// harmlessly.
struct ValueBytes: Sendable {
  /// The value's size in bytes.
  let size: Int
  /// The runs of bytes that hold the value, in order; one run of all `size` bytes for a type
  /// without padding inside.
  private let runs: [Range<Int>]
  /// Whether every byte of the value's stride holds it (no padding at all): then many values
  /// in a row compare as one run of bytes.
  let isDense: Bool

  private init(_ type: Any.Type) {
    func layout<Value>(of _: Value.Type) -> (size: Int, stride: Int) {
      (MemoryLayout<Value>.size, MemoryLayout<Value>.stride)
    }
    let (total, stride) = layout(of: type)
    var meaningful = [Bool](repeating: false, count: total)
    Self.mark(type, at: 0, size: total, in: &meaningful)
    var runs: [Range<Int>] = []
    var start: Int?
    for byte in 0...total {
      let holds = byte < total && meaningful[byte]
      if holds, start == nil { start = byte }
      if !holds, let first = start {
        runs.append(first..<byte)
        start = nil
      }
    }
    size = total
    self.runs = runs
    isDense = total == stride && runs == [0..<total]
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
    for run in runs where memcmp(old + run.lowerBound, new + run.lowerBound, run.count) != 0 {
      return false
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
