/// States for the diff benchmark.
enum DiffStates {
  /// A struct of one field.
  struct Small: Equatable, Sendable {
    var count: Int
  }

  struct Item: Equatable, Sendable {
    var id: Int
    var title: String
    var isDone: Bool
  }

  /// 10,000 structs, the second with one element changed in place, so the two arrays share
  /// no storage but all elements except one are equal.
  static func largePair() -> ([Item], [Item]) {
    let old = (0..<10_000).map { Item(id: $0, title: "Item \($0)", isDone: false) }
    var new = old
    new[4_321].isDone = true
    return (old, new)
  }
}
