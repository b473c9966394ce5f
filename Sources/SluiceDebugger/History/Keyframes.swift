import DequeModule

/// The states a history keeps after each entry whose index is a multiple of its interval,
/// by index.
///
/// There is at most one per interval and they are made in index order, so they sit in a
/// deque by their multiple instead of a dictionary: recording adds one at the end every so
/// many actions, and folding drops them from the front, neither of them hashing.
@usableFromInline
struct Keyframes<State> {
  /// The distance between two keyframes' indexes.
  @usableFromInline let interval: Int
  /// The state after the entry numbered `(firstMultiple + position) * interval`, if kept.
  @usableFromInline var states = Deque<State?>()
  /// The multiple of `interval` that `states` starts at.
  @usableFromInline var firstMultiple = 0

  init(interval: Int) {
    precondition(interval > 0, "keyframes need a positive interval")
    self.interval = interval
  }

  /// The state after entry `index`, if it is a keyframe; setting `nil` forgets it.
  @inlinable
  subscript(index: Int) -> State? {
    get {
      guard index % interval == 0 else { return nil }
      let position = index / interval - firstMultiple
      return states.indices.contains(position) ? states[position] : nil
    }
    set {
      guard index % interval == 0 else { return }
      let multiple = index / interval
      guard let newValue else { return forget(multiple) }
      if states.isEmpty { firstMultiple = multiple }
      let position = multiple - firstMultiple
      if position == states.count {
        states.append(newValue)
      } else if position > states.count {
        states.append(contentsOf: repeatElement(nil, count: position - states.count))
        states.append(newValue)
      } else if position >= 0 {
        states[position] = newValue
      } else {
        states.prepend(contentsOf: repeatElement(nil, count: -position))
        states[0] = newValue
        firstMultiple = multiple
      }
    }
  }

  /// Forgets every keyframe.
  mutating func removeAll() {
    states.removeAll()
    firstMultiple = 0
  }

  /// Forgets the keyframe at `multiple`, and the gaps that leaves at either end.
  @inlinable
  mutating func forget(_ multiple: Int) {
    let position = multiple - firstMultiple
    guard states.indices.contains(position) else { return }
    states[position] = nil
    while let last = states.last, last == nil { states.removeLast() }
    while let first = states.first, first == nil {
      states.removeFirst()
      firstMultiple += 1
    }
  }
}
