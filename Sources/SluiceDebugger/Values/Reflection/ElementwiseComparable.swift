/// Arrays of `Equatable` elements, aligned with a loop over their buffers instead of
/// reflecting over every element. Reached by a dynamic cast
/// (`value as? any ElementwiseComparable`), which finds the conditional conformance.
///
/// The loop runs on `UnsafeBufferPointer`s, so each comparison calls the element's
/// own `==` on elements in place, without copying them out of the array.
protocol ElementwiseComparable: IndexedElements {
  /// How `other` (of the same type) differs from `self`, or `nil` if it is another type.
  func alignment(comparedWith other: Any) -> ElementAlignment?
}

extension Array: ElementwiseComparable where Element: Equatable {
  func alignment(comparedWith other: Any) -> ElementAlignment? {
    guard let other = other as? Self else { return nil }
    return withUnsafeBufferPointer { old in
      other.withUnsafeBufferPointer { new in ElementAlignment.aligning(old, new) }
    }
  }
}

extension ContiguousArray: ElementwiseComparable where Element: Equatable {
  func alignment(comparedWith other: Any) -> ElementAlignment? {
    guard let other = other as? Self else { return nil }
    return withUnsafeBufferPointer { old in
      other.withUnsafeBufferPointer { new in ElementAlignment.aligning(old, new) }
    }
  }
}

extension ArraySlice: ElementwiseComparable where Element: Equatable {
  func alignment(comparedWith other: Any) -> ElementAlignment? {
    guard let other = other as? Self else { return nil }
    return withUnsafeBufferPointer { old in
      other.withUnsafeBufferPointer { new in ElementAlignment.aligning(old, new) }
    }
  }
}
