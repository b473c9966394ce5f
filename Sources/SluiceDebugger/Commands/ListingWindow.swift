import DequeModule

/// Which part of a filtered listing to answer (`log case`, `log changed`, `log origin`,
/// `jobs --all`): all of it, its last `N` items, `N` items from history entry `I` on, or `N`
/// items after the first `R` (its rows `R` on).
///
/// A window is what a client that pages through a long session asks for, so an answer stays
/// as small as what it draws however many items match.
public enum ListingWindow: Equatable, Sendable {
  /// Everything that matches: the listing without a window.
  case all
  /// The last `count` items that match (`... N`).
  case last(Int)
  /// At most `count` items that match from history entry `index` on (`... from I [N]`,
  /// where `N` is ``CommandInterpreter/defaultLogCount`` when left out).
  case from(Int, count: Int)
  /// At most `count` items that match after the first `rows` of them (`... skip R [N]`): the
  /// rows a client scrolling through the whole listing shows, asked for by their place in it
  /// rather than by a history entry it would have to guess.
  case skipping(Int, count: Int)
}

/// Where a window of a listing lies among everything that matched, so a client can page:
/// the items before it and in all.
public struct WindowPosition: Equatable, Sendable {
  /// How many matching items come before the first one listed (the window's row in the whole
  /// listing).
  public let offset: Int
  /// How many items match in all, in the window or not.
  public let total: Int

  /// Creates a position.
  public init(offset: Int, total: Int) {
    self.offset = offset
    self.total = total
  }
}

extension ListingWindow {
  /// The items of `matches` (in listing order) this window keeps, and where they lie among
  /// all of them, read in one pass that keeps no more than the window: `place` gives an item's
  /// history entry, which `from` compares with its index.
  package func select<Matches: Sequence>(
    _ matches: Matches, place: (Matches.Element) -> Int
  ) -> (items: [Matches.Element], position: WindowPosition) {
    var total = 0
    switch self {
    case .all:
      let items = Array(matches)
      return (items, WindowPosition(offset: 0, total: items.count))
    case .last(let count):
      var kept = Deque<Matches.Element>()
      for item in matches {
        total += 1
        guard count > 0 else { continue }
        if kept.count == count { kept.removeFirst() }
        kept.append(item)
      }
      return (Array(kept), WindowPosition(offset: total - kept.count, total: total))
    case .from(let index, let count):
      var offset = 0
      var items: [Matches.Element] = []
      for item in matches {
        total += 1
        if place(item) < index {
          offset += 1
        } else if items.count < count {
          items.append(item)
        }
      }
      return (items, WindowPosition(offset: offset, total: total))
    case .skipping(let rows, let count):
      var items: [Matches.Element] = []
      for item in matches {
        if total >= rows, items.count < count { items.append(item) }
        total += 1
      }
      return (items, WindowPosition(offset: min(rows, total), total: total))
    }
  }
}
