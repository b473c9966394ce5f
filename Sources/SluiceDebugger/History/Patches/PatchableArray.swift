import Foundation

/// An array type, whatever its element type: what patches write into by offset and find
/// changed elements of by comparing bytes.
protocol PatchableArray {
  /// Performs `change` along `route` inside the element at `offset`.
  mutating func writeElement(at offset: Int, _ change: StateWriter.Write, along route: ArraySlice<StatePatch.Step>) -> Bool
  /// Replaces the elements in `range` with `elements`, an array of this type.
  mutating func replaceElements(in range: Range<Int>, with elements: Any) -> Bool
  /// Adds to `builder` the writes that turn `self` into `new`, an array of this type, at
  /// `route`.
  func addChanges(to new: Any, at route: [StatePatch.Step], into builder: inout StatePatchBuilder)
  /// About how many bytes the elements take, out of line.
  var storedWeight: Int { get }
}

extension Array: PatchableArray {
  mutating func writeElement(at offset: Int, _ change: StateWriter.Write, along route: ArraySlice<StatePatch.Step>) -> Bool {
    guard indices.contains(offset) else { return false }
    return StateWriter.write(change, along: route, in: &self[offset])
  }

  mutating func replaceElements(in range: Range<Int>, with elements: Any) -> Bool {
    guard let elements = elements as? Self, range.lowerBound >= 0, range.upperBound <= count else { return false }
    replaceSubrange(range, with: elements)
    return true
  }

  /// Trims the elements equal in bytes at both ends; what remains in the middle changed.
  /// When as many elements remain on both sides, each that differs is compared on its own
  /// (a row toggled in a long list is one write), unless so many differ that one
  /// replacement of the range costs less; otherwise (elements inserted or removed) the
  /// middle is replaced.
  func addChanges(to new: Any, at route: [StatePatch.Step], into builder: inout StatePatchBuilder) {
    guard let new = new as? Self else { return builder.set(new, at: route) }
    let old = self
    let (oldMiddle, newMiddle, differing) = old.withUnsafeBytes { oldBytes in
      new.withUnsafeBytes { newBytes in
        let bytes = ElementBytes(
          old: oldBytes, new: newBytes, bytes: ValueBytes.of(Element.self), stride: MemoryLayout<Element>.stride,
          oldCount: old.count, newCount: new.count)
        let prefix = bytes.equalPrefix()
        let suffix = bytes.equalSuffix(after: prefix)
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        return (oldMiddle, newMiddle, oldMiddle.count == newMiddle.count ? bytes.differingOffsets(in: oldMiddle) : nil)
      }
    }
    if let differing, differing.count <= 32 || differing.count * 4 <= oldMiddle.count {
      for offset in differing {
        builder.compare(old[offset], new[offset], at: route + [.element(offset)])
      }
      return
    }
    let replacement = Array(new[newMiddle])
    builder.replace(oldMiddle, with: replacement, weight: replacement.storedWeight, at: route)
  }

  var storedWeight: Int {
    let inline = count * MemoryLayout<Element>.stride
    guard !_isPOD(Element.self) else { return inline }
    return reduce(inline) { $0 + StorageWeight.outOfLine($1) }
  }
}

/// The elements of two arrays, compared by their value bytes (``ValueBytes``) in place,
/// without copying any.
private struct ElementBytes {
  let old: UnsafeRawBufferPointer
  let new: UnsafeRawBufferPointer
  let bytes: ValueBytes
  let stride: Int
  let oldCount: Int
  let newCount: Int

  /// Whether old element `oldOffset` and new element `newOffset` are the same value.
  func isEqual(_ oldOffset: Int, _ newOffset: Int) -> Bool {
    guard bytes.size > 0, let oldBase = old.baseAddress, let newBase = new.baseAddress else { return true }
    return bytes.areEqual(oldBase + oldOffset * stride, newBase + newOffset * stride)
  }

  /// How many elements a block compares at once, when elements have no padding.
  private static let block = 64

  /// Whether `count` elements from `oldOffset` and `newOffset` are equal, compared as one
  /// run of bytes when the elements have no padding (else `false`, and each is compared).
  private func isEqualBlock(_ oldOffset: Int, _ newOffset: Int, count: Int) -> Bool {
    guard bytes.isDense, count > 1, let oldBase = old.baseAddress, let newBase = new.baseAddress else { return false }
    return memcmp(oldBase + oldOffset * stride, newBase + newOffset * stride, count * stride) == 0
  }

  /// How many elements at the start are equal.
  func equalPrefix() -> Int {
    let limit = Swift.min(oldCount, newCount)
    var equal = 0
    while equal < limit {
      let run = Swift.min(Self.block, limit - equal)
      if isEqualBlock(equal, equal, count: run) {
        equal += run
        continue
      }
      for offset in equal..<(equal + run) where !isEqual(offset, offset) { return offset }
      equal += run
    }
    return equal
  }

  /// How many elements at the end are equal, among those after the first `prefix`.
  func equalSuffix(after prefix: Int) -> Int {
    let limit = Swift.min(oldCount, newCount) - prefix
    var equal = 0
    while equal < limit {
      let run = Swift.min(Self.block, limit - equal)
      if isEqualBlock(oldCount - equal - run, newCount - equal - run, count: run) {
        equal += run
        continue
      }
      for back in equal..<(equal + run) where !isEqual(oldCount - 1 - back, newCount - 1 - back) { return back }
      equal += run
    }
    return equal
  }

  /// The offsets in `range` (of both arrays) whose elements differ.
  func differingOffsets(in range: Range<Int>) -> [Int] {
    var differing: [Int] = []
    var start = range.lowerBound
    while start < range.upperBound {
      let run = Swift.min(Self.block, range.upperBound - start)
      if !isEqualBlock(start, start, count: run) {
        differing += (start..<(start + run)).filter { !isEqual($0, $0) }
      }
      start += run
    }
    return differing
  }
}
