import Sluice
import Testing

@testable import SluiceDebugger

/// The history keeps the roots of recent chains after folding their entries away, so a
/// backtrace can still name where a long chain began.
@Suite struct KeptRootsTests {
  typealias Counter = PackedHistoryTests.Counter

  @Test func aRootFoldedAwayIsStillFoundWithItsOrigin() throws {
    var history = PackedHistoryTests.history(limit: 1)
    history.append(
      PackedHistoryTests.entry(1, .add(1), origin: .user, context: PackedHistoryTests.context(7)), producing: 1)
    Self.appendChain(to: &history, indexes: 2...100, root: 7)
    #expect(history.firstIndex > 1)
    #expect(history.index(ofSequence: 7) == nil)
    let root = try #require(history.root(numbered: 7))
    #expect(root.index == 1)
    #expect(PackedHistoryTests.action(of: root) == .add(1))
    #expect(root.origin == .user)
    #expect(root.context == PackedHistoryTests.context(7))
    // Only roots are kept: an action with a parent is not.
    #expect(history.root(numbered: 8) == nil)
  }

  @Test func onlyTheNewestRootsAreKept() {
    var history = PackedHistoryTests.history(limit: 10)
    let count = Counter.keptRootLimit + 10
    for index in 1...count {
      history.append(
        PackedHistoryTests.entry(index, .add(1), context: PackedHistoryTests.context(UInt64(index))), producing: index)
    }
    #expect(history.firstIndex > 11)
    #expect(history.root(numbered: 1) == nil)
    #expect(history.root(numbered: 10) == nil)
    #expect(history.root(numbered: 11)?.index == 11)
    #expect(history.root(numbered: UInt64(count))?.index == count)
    #expect(history.recentRoots.count == Counter.keptRootLimit)
    #expect(history.foldedRoots.count <= Counter.keptRootLimit)
  }

  @Test func numbersStartingOverForgetTheOlderRoots() {
    var history = PackedHistoryTests.history(limit: 1)
    history.append(PackedHistoryTests.entry(1, .add(1), context: PackedHistoryTests.context(50)), producing: 1)
    history.append(PackedHistoryTests.entry(2, .add(1), context: PackedHistoryTests.context(3)), producing: 2)
    Self.appendChain(to: &history, indexes: 3...100, root: 3)
    #expect(history.firstIndex > 2)
    #expect(history.root(numbered: 50) == nil)
    #expect(history.root(numbered: 3)?.index == 2)
  }

  @Test func anActionWithAParentIsNoRootEvenWhileTheHistoryHoldsIt() {
    var history = PackedHistoryTests.history()
    history.append(PackedHistoryTests.entry(1, .add(1), context: PackedHistoryTests.context(1)), producing: 1)
    history.append(
      PackedHistoryTests.entry(2, .add(1), context: PackedHistoryTests.context(2, parent: 1, root: 1, depth: 1)),
      producing: 2)
    #expect(history.root(numbered: 1)?.index == 1)
    #expect(history.root(numbered: 2) == nil)
  }

  /// Appends entries `indexes`, a chain that continues from the root numbered `root`, the
  /// entry just before them: each the child of the one before, numbered after it.
  static func appendChain(to history: inout Counter, indexes: ClosedRange<Int>, root: UInt64) {
    for index in indexes {
      let depth = index - indexes.lowerBound + 1
      let sequence = root + UInt64(depth)
      history.append(
        PackedHistoryTests.entry(
          index, .add(1), context: PackedHistoryTests.context(sequence, parent: sequence - 1, root: root, depth: depth)),
        producing: index)
    }
  }
}
