import Sluice
import Testing

@testable import SluiceDebugger

/// A patch turns the state before into the state after, bit for bit, and costs what
/// changed, not what the state weighs.
@Suite struct StatePatchTests {
  struct Row: Equatable {
    var id: Int
    var title: String
    var done = false
    var tags: [String] = []
  }

  enum Filter: Equatable {
    case all
    case matching(String)
  }

  struct Board: Equatable {
    var rows: [Row] = (0..<1_000).map { Row(id: $0, title: "row number \($0)") }
    var filter = Filter.all
    var selected: Int?
    var counts: [String: Int] = [:]
    let createdBy: String
    /// Left out of `==`, as `@Ignored` is: a patch copies it all the same.
    var lastSeen = 0

    init(createdBy: String = "me") { self.createdBy = createdBy }

    static func == (lhs: Board, rhs: Board) -> Bool {
      lhs.rows == rhs.rows && lhs.filter == rhs.filter && lhs.selected == rhs.selected && lhs.counts == rhs.counts
        && lhs.createdBy == rhs.createdBy
    }
  }

  /// The patch from `old` to `new`, checked to rebuild `new` from `old`.
  func patch(from old: Board, to new: Board, sourceLocation: SourceLocation = #_sourceLocation) -> StatePatch {
    let (patch, _) = StatePatchBuilder.patch(from: old, to: new)
    var rebuilt = old
    #expect(patch.apply(to: &rebuilt), sourceLocation: sourceLocation)
    let rebuildsNew = rebuilt == new
    #expect(rebuildsNew, sourceLocation: sourceLocation)
    #expect(rebuilt.lastSeen == new.lastSeen, sourceLocation: sourceLocation)
    return patch
  }

  @Test func aToggledRowIsOneWriteOfOneField() {
    let old = Board()
    var new = old
    new.rows[517].done.toggle()
    let patch = patch(from: old, to: new)
    #expect(patch.operations.count == 1)
    guard case .set(let route, let value)? = patch.operations.first else {
      Issue.record("expected a write: \(patch.operations)")
      return
    }
    #expect(route == [.field(0), .element(517), .field(2)])
    #expect(value as? Bool == true)
    #expect(patch.weight < 200, "a toggle weighs \(patch.weight) bytes")
    #expect(StorageWeight.of(old) > 30_000)
  }

  @Test func insertionsAndRemovalsReplaceOnlyTheRangeThatMoved() {
    let old = Board()
    var appended = old
    appended.rows.append(Row(id: 1_000, title: "new"))
    #expect(patch(from: old, to: appended).operations.count == 1)

    var inserted = old
    inserted.rows.insert(Row(id: -1, title: "first"), at: 0)
    var removed = old
    removed.rows.remove(at: 400)
    for new in [inserted, removed] {
      let patch = patch(from: old, to: new)
      guard case .replace(_, let range, let elements)? = patch.operations.first else {
        Issue.record("expected a replacement: \(patch.operations)")
        continue
      }
      #expect(range.count + (elements as? [Row] ?? []).count == 1)
    }
  }

  @Test func manyChangesReplaceTheRangeWhole() {
    let old = Board()
    var new = old
    new.rows.reverse()
    let patch = patch(from: old, to: new)
    #expect(patch.operations.count == 1)
  }

  @Test func partsWithoutStoredFieldsAreReplacedWhole() {
    let old = Board()
    var new = old
    new.filter = .matching("row 1")
    new.selected = 3
    new.counts["open"] = 1
    new.rows[2].tags.append("urgent")
    new.lastSeen = 9
    let patch = patch(from: old, to: new)
    #expect(patch.operations.count == 5)
  }

  @Test func aChangedLetReplacesTheValueHoldingIt() {
    let old = Board()
    var new = Board(createdBy: "someone else")
    new.rows = old.rows
    let (patch, replacesRoot) = StatePatchBuilder.patch(from: old, to: new)
    #expect(replacesRoot)
    var rebuilt = old
    #expect(patch.apply(to: &rebuilt))
    let rebuildsNew = rebuilt == new
    #expect(rebuildsNew)
  }

  @Test func anUnchangedStateIsAnEmptyPatch() {
    let old = Board()
    #expect(patch(from: old, to: old).operations.isEmpty)
  }

  @Test func randomEditsRebuildExactly() {
    var generator = SplitMix64(seed: 46)
    var state = Board()
    for _ in 0..<300 {
      var new = state
      for _ in 0...Int.random(in: 0...3, using: &generator) {
        let index = Int.random(in: 0..<max(new.rows.count, 1), using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0 where !new.rows.isEmpty: new.rows[index].done.toggle()
        case 1 where !new.rows.isEmpty: new.rows[index].title += "!"
        case 2: new.rows.insert(Row(id: new.rows.count, title: "inserted"), at: min(index, new.rows.count))
        case 3 where !new.rows.isEmpty: new.rows.remove(at: index)
        case 4: new.selected = new.selected == nil ? index : nil
        case 5 where !new.rows.isEmpty: new.rows[index].tags.append("t\(index)")
        default: new.lastSeen += 1
        }
      }
      _ = patch(from: state, to: new)
      state = new
    }
  }
}

