/// Constant-time "same buffer" checks for arrays: two arrays viewing one buffer are
/// equal, whatever their element type, and no element needs comparing.
extension Array {
  func sharesStorage(with other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    // `Array` is `@frozen` with a single stored reference to its buffer (which also
    // holds the count), a layout fixed by the stdlib's ABI. Equal bits therefore
    // mean the same buffer, hence the same elements. Only the bits are compared:
    // nothing is retained, released or dereferenced. This avoids
    // `withUnsafeBufferPointer`, whose generic metadata costs more than the check.
    guard MemoryLayout<Self>.size == MemoryLayout<UInt>.size else { return false }
    return unsafeBitCast(self, to: UInt.self) == unsafeBitCast(other, to: UInt.self)
  }
}

extension ContiguousArray {
  func sharesStorage(with other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    // Same reasoning as for `Array`: `@frozen`, one stored buffer reference.
    guard MemoryLayout<Self>.size == MemoryLayout<UInt>.size else { return false }
    return unsafeBitCast(self, to: UInt.self) == unsafeBitCast(other, to: UInt.self)
  }
}

extension ArraySlice {
  /// Slices carry bounds as well as a buffer; they are rare in states, so they
  /// are always compared element by element.
  func sharesStorage(with other: Any) -> Bool {
    false
  }
}
