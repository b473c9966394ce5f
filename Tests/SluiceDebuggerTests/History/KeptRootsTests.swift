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
    for index in 2...100 {
      let sequence = UInt64(index) + 6
      history.append(
        PackedHistoryTests.entry(
          index, .add(1), context: PackedHistoryTests.context(sequence, parent: sequence - 1, root: 7, depth: index - 1)),
        producing: index)
    }
    #expect(history.firstIndex > 1)
    #expect(history.index(ofSequence: 7) == nil)
    let root = try #require(history.keptRoot(7))
    #expect(root.index == 1)
    #expect(root.action == .add(1))
    #expect(root.origin == .user)
    #expect(root.context == PackedHistoryTests.context(7))
    // Only roots are kept: an action with a parent is not.
    #expect(history.keptRoot(8) == nil)
  }

  @Test func onlyTheNewestRootsAreKept() {
    var history = PackedHistoryTests.history(limit: 10)
    let count = Counter.keptRootLimit + 10
    for index in 1...count {
      history.append(
        PackedHistoryTests.entry(index, .add(1), context: PackedHistoryTests.context(UInt64(index))), producing: index)
    }
    #expect(history.keptRoot(1) == nil)
    #expect(history.keptRoot(10) == nil)
    #expect(history.keptRoot(11)?.index == 11)
    #expect(history.keptRoot(UInt64(count))?.index == count)
  }

  @Test func numbersStartingOverForgetTheOlderRoots() {
    var history = PackedHistoryTests.history()
    history.append(PackedHistoryTests.entry(1, .add(1), context: PackedHistoryTests.context(50)), producing: 1)
    history.append(PackedHistoryTests.entry(2, .add(1), context: PackedHistoryTests.context(3)), producing: 2)
    #expect(history.keptRoot(50) == nil)
    #expect(history.keptRoot(3)?.index == 2)
  }
}
