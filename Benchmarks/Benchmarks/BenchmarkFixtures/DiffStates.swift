import Sluice

/// States for the diff benchmark.
package enum DiffStates {
  /// A struct of one field.
  package struct Small: Equatable, Sendable {
    package var count: Int

    package init(count: Int) { self.count = count }
  }

  /// The same struct, listing its field as `@Inspectable` generates (written out here so
  /// that the benchmarks need not build swift-syntax): the diff reads it without a mirror.
  package struct InspectableSmall: Equatable, Sendable, Inspectable {
    package var count: Int

    package init(count: Int) { self.count = count }

    package static func visitFields<Visitor: FieldPairVisitor>(of old: Self, and new: Self, with visitor: inout Visitor) {
      visitor.visit("count", old.count, new.count)
    }
  }

  package struct Item: Equatable, Sendable {
    package var id: Int
    package var title: String
    package var isDone: Bool
  }

  /// 10,000 structs, the second with one element changed in place, so the two arrays share
  /// no storage but all elements except one are equal.
  package static func largePair() -> ([Item], [Item]) {
    let old = (0..<10_000).map { Item(id: $0, title: "Item \($0)", isDone: false) }
    var new = old
    new[4_321].isDone = true
    return (old, new)
  }
}
