/// A line-by-line diff of two renderings (a longest common subsequence), for values that
/// cannot be diffed structurally: an expectation's literal against the value found.
enum LineDiff {
  /// Beyond this many lines a side, the quadratic table is not worth it; `lines` gives up.
  static let maximumLines = 2_000

  /// `old` lines marked removed, `new` lines inserted, common lines as context; `nil` when
  /// either side is too long.
  static func lines(from old: [String], to new: [String]) -> [StateDiff.Line]? {
    guard old.count <= maximumLines, new.count <= maximumLines else { return nil }
    // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
    var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var result: [StateDiff.Line] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        result.append(StateDiff.Line(kind: .context, text: old[i]))
        i += 1
        j += 1
      } else if j < new.count, i == old.count || lengths[i][j + 1] >= lengths[i + 1][j] {
        result.append(StateDiff.Line(kind: .inserted, text: new[j]))
        j += 1
      } else {
        result.append(StateDiff.Line(kind: .removed, text: old[i]))
        i += 1
      }
    }
    // Removals before insertions within a run of changes, as diffs usually read.
    return Self.groupingChanges(result)
  }

  private static func groupingChanges(_ lines: [StateDiff.Line]) -> [StateDiff.Line] {
    var result: [StateDiff.Line] = []
    var removed: [StateDiff.Line] = []
    var inserted: [StateDiff.Line] = []
    func flush() {
      result += removed + inserted
      removed.removeAll()
      inserted.removeAll()
    }
    for line in lines {
      switch line.kind {
      case .context:
        flush()
        result.append(line)
      case .removed: removed.append(line)
      case .inserted: inserted.append(line)
      }
    }
    flush()
    return result
  }
}
