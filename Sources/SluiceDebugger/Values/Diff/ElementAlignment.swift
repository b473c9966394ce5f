import Foundation

/// How the elements of an old and a new sequence correspond: runs of unchanged
/// elements, elements changed in place, removed and inserted ones, in order.
///
/// Common prefixes and suffixes are skipped first, so one change in a long array
/// costs about one linear scan. The differing middle pairs up by position when the
/// lengths match (and, for `Identifiable` elements, the ids stay in place); otherwise
/// it is aligned with a longest-common-subsequence table when small (by `id` for
/// `Identifiable` elements, else by equality), or by position when large, so the
/// cost stays bounded.
struct ElementAlignment {
  enum Step: Equatable {
    case unchanged(count: Int)
    case changed(old: Int, new: Int)
    case removed(old: Int)
    case inserted(new: Int)
  }

  var steps: [Step]

  /// Whether no element differs.
  var isUnchanged: Bool {
    steps.allSatisfy { if case .unchanged = $0 { true } else { false } }
  }

  /// The largest middle (old count × new count) aligned with a table.
  static let maximumTableCells = 250_000

  /// Elements compared this many at a time when their bytes are identical.
  private static let blockLength = 32

  /// What the middle alignment needs to know about the elements.
  private struct Comparison {
    /// Whether the elements at two offsets are equal.
    var isEqual: (Int, Int) -> Bool
    /// Whether `blockLength` elements from an offset are byte-for-byte identical
    /// on both sides (same offset on each); `nil` when that cannot be told.
    var isBlockIdentical: ((Int) -> Bool)?
    /// The `id`s of old and new elements, for `Identifiable` elements.
    var identities: (old: (Int) -> AnyHashable?, new: (Int) -> AnyHashable?)?
  }

  /// Aligns two buffers of `Equatable` elements.
  ///
  /// This code runs unspecialised (the element type is only known at run time), where
  /// every `==` call copies both elements through value witnesses. So elements whose
  /// bytes are identical are taken as equal without calling `==`: the same bits are
  /// the same value (the same references, the same inline data), which is what an
  /// array copied on write still holds for every element it did not change.
  /// `==` decides whenever the bytes differ.
  static func aligning<Element: Equatable>(
    _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>
  ) -> ElementAlignment {
    let oldCount = old.count
    let newCount = new.count
    guard let oldBase = old.baseAddress, let newBase = new.baseAddress else {
      // At least one side is empty: everything was inserted or removed.
      let comparison = Comparison(isEqual: { _, _ in false })
      return aligningMiddle(prefix: 0, suffix: 0, oldCount: oldCount, newCount: newCount, comparison)
    }
    let size = MemoryLayout<Element>.size
    let blockBytes = blockLength * MemoryLayout<Element>.stride
    func isEqual(_ oldOffset: Int, _ newOffset: Int) -> Bool {
      let oldElement = oldBase + oldOffset
      let newElement = newBase + newOffset
      return memcmp(oldElement, newElement, size) == 0 || oldElement.pointee == newElement.pointee
    }
    func isBlockIdentical(oldStart: Int, newStart: Int) -> Bool {
      memcmp(oldBase + oldStart, newBase + newStart, blockBytes) == 0
    }

    let shorter = min(oldCount, newCount)
    var prefix = 0
    while prefix < shorter {
      if prefix + blockLength <= shorter, isBlockIdentical(oldStart: prefix, newStart: prefix) {
        prefix += blockLength
      } else if isEqual(prefix, prefix) {
        prefix += 1
      } else {
        break
      }
    }
    if prefix == oldCount, oldCount == newCount {
      return ElementAlignment(steps: oldCount == 0 ? [] : [.unchanged(count: oldCount)])
    }
    var suffix = 0
    while suffix < shorter - prefix {
      if suffix + blockLength <= shorter - prefix,
        isBlockIdentical(oldStart: oldCount - suffix - blockLength, newStart: newCount - suffix - blockLength)
      {
        suffix += blockLength
      } else if isEqual(oldCount - 1 - suffix, newCount - 1 - suffix) {
        suffix += 1
      } else {
        break
      }
    }

    var comparison = Comparison(
      isEqual: isEqual, isBlockIdentical: { isBlockIdentical(oldStart: $0, newStart: $0) })
    if Element.self is any Identifiable.Type {
      comparison.identities = ({ identity(of: oldBase[$0]) }, { identity(of: newBase[$0]) })
    }
    return aligningMiddle(prefix: prefix, suffix: suffix, oldCount: oldCount, newCount: newCount, comparison)
  }

  /// Aligns two sequences known only through an equality test on offsets.
  static func aligning(oldCount: Int, newCount: Int, isEqual: (Int, Int) -> Bool) -> ElementAlignment {
    let shorter = min(oldCount, newCount)
    var prefix = 0
    while prefix < shorter, isEqual(prefix, prefix) { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix, isEqual(oldCount - 1 - suffix, newCount - 1 - suffix) { suffix += 1 }
    return withoutActuallyEscaping(isEqual) { isEqual in
      aligningMiddle(
        prefix: prefix, suffix: suffix, oldCount: oldCount, newCount: newCount, Comparison(isEqual: isEqual))
    }
  }

  /// Aligns what lies between a common prefix and suffix.
  private static func aligningMiddle(
    prefix: Int, suffix: Int, oldCount: Int, newCount: Int, _ comparison: Comparison
  ) -> ElementAlignment {
    var builder = StepBuilder()
    builder.addUnchanged(prefix)
    let oldMiddle = oldCount - prefix - suffix
    let newMiddle = newCount - prefix - suffix
    if oldMiddle == newMiddle, let changed = changesInPlace(from: prefix, count: oldMiddle, comparison) {
      for run in changed {
        switch run {
        case .changed(let offset): builder.steps.append(.changed(old: offset, new: offset))
        case .unchanged(let count): builder.addUnchanged(count)
        }
      }
    } else if oldMiddle * newMiddle <= maximumTableCells {
      alignWithTable(
        old: prefix..<prefix + oldMiddle, new: prefix..<prefix + newMiddle, comparison, into: &builder)
    } else {
      // Too large to align well: pair by position, the rest inserted or removed.
      let paired = min(oldMiddle, newMiddle)
      for offset in prefix..<prefix + paired {
        if comparison.isEqual(offset, offset) {
          builder.addUnchanged(1)
        } else {
          builder.steps.append(.changed(old: offset, new: offset))
        }
      }
      for offset in paired..<oldMiddle { builder.steps.append(.removed(old: prefix + offset)) }
      for offset in paired..<newMiddle { builder.steps.append(.inserted(new: prefix + offset)) }
    }
    builder.addUnchanged(suffix)
    return ElementAlignment(steps: builder.steps)
  }

  /// One piece of a same-length middle.
  private enum InPlace {
    case unchanged(count: Int)
    case changed(offset: Int)
  }

  /// The changes of a same-length middle, element by element, or `nil` when an
  /// element with another `id` took some position (then it is not a change in place).
  private static func changesInPlace(from start: Int, count: Int, _ comparison: Comparison) -> [InPlace]? {
    var result: [InPlace] = []
    var unchanged = 0
    var offset = start
    let end = start + count
    while offset < end {
      if offset + blockLength <= end, comparison.isBlockIdentical?(offset) == true {
        unchanged += blockLength
        offset += blockLength
        continue
      }
      if comparison.isEqual(offset, offset) {
        unchanged += 1
      } else {
        if let identities = comparison.identities, identities.old(offset) != identities.new(offset) {
          return nil
        }
        if unchanged > 0 { result.append(.unchanged(count: unchanged)) }
        unchanged = 0
        result.append(.changed(offset: offset))
      }
      offset += 1
    }
    if unchanged > 0 { result.append(.unchanged(count: unchanged)) }
    return result
  }

  /// Longest common subsequence, walked from the front. Elements are "the same"
  /// when their ids match (`Identifiable`) or else when they are equal; then
  /// removals next to insertions pair up as changes, which reads better.
  private static func alignWithTable(
    old: Range<Int>, new: Range<Int>, _ comparison: Comparison, into builder: inout StepBuilder
  ) {
    let rows = old.count
    let columns = new.count
    let oldIDs = comparison.identities.map { identities in old.map(identities.old) }
    let newIDs = comparison.identities.map { identities in new.map(identities.new) }
    func isSame(_ row: Int, _ column: Int) -> Bool {
      if let oldIDs, let newIDs {
        return oldIDs[row] == newIDs[column]
      }
      return comparison.isEqual(old.lowerBound + row, new.lowerBound + column)
    }
    let width = columns + 1
    // lengths[row * width + column]: LCS length of old[row...] and new[column...].
    var lengths = [Int32](repeating: 0, count: (rows + 1) * width)
    for row in stride(from: rows - 1, through: 0, by: -1) {
      for column in stride(from: columns - 1, through: 0, by: -1) {
        lengths[row * width + column] =
          isSame(row, column)
          ? lengths[(row + 1) * width + column + 1] + 1
          : max(lengths[(row + 1) * width + column], lengths[row * width + column + 1])
      }
    }
    let pairsReplacements = comparison.identities == nil
    var removed: [Int] = []
    var inserted: [Int] = []
    func flush() {
      let paired = pairsReplacements ? min(removed.count, inserted.count) : 0
      for index in 0..<paired { builder.steps.append(.changed(old: removed[index], new: inserted[index])) }
      for index in removed.dropFirst(paired) { builder.steps.append(.removed(old: index)) }
      for index in inserted.dropFirst(paired) { builder.steps.append(.inserted(new: index)) }
      removed.removeAll()
      inserted.removeAll()
    }
    var row = 0
    var column = 0
    while row < rows || column < columns {
      let oldOffset = old.lowerBound + row
      let newOffset = new.lowerBound + column
      if row < rows, column < columns, isSame(row, column) {
        flush()
        if comparison.isEqual(oldOffset, newOffset) {
          builder.addUnchanged(1)
        } else {
          builder.steps.append(.changed(old: oldOffset, new: newOffset))
        }
        row += 1
        column += 1
      } else if column == columns
        || (row < rows && lengths[(row + 1) * width + column] >= lengths[row * width + column + 1])
      {
        removed.append(oldOffset)
        row += 1
      } else {
        inserted.append(newOffset)
        column += 1
      }
    }
    flush()
  }

  /// Collects steps, merging neighbouring unchanged runs.
  private struct StepBuilder {
    var steps: [Step] = []

    mutating func addUnchanged(_ count: Int) {
      guard count > 0 else { return }
      if case .unchanged(let previous)? = steps.last {
        steps[steps.count - 1] = .unchanged(count: previous + count)
      } else {
        steps.append(.unchanged(count: count))
      }
    }
  }
}

/// The `id` of an `Identifiable` value, type-erased for comparison.
private func identity(of value: Any) -> AnyHashable? {
  guard let value = value as? any Identifiable else { return nil }
  return erasedID(of: value)
}

private func erasedID<Value: Identifiable>(of value: Value) -> AnyHashable {
  AnyHashable(value.id)
}
