import DequeModule
import Sluice

/// A session's record of reduced actions, and the states they led to.
///
/// States are not kept per entry: that would copy the state on every action. Instead the
/// history keeps the state before its first entry (the *base*) and a keyframe after every
/// entry whose index is a multiple of ``keyframeInterval``, and recomputes any other state by
/// replaying at most that many actions through the reducer alone. Past the limit, the oldest
/// entries are folded into the base a keyframe at a time, so memory stays bounded while the
/// current state and recent diffs remain.
///
/// Appending is inlinable, so that a session created where the feature's types are known
/// records without generic metadata lookups; the stored properties its inlinable code
/// touches are internal for that reason alone, and set only here.
@usableFromInline
struct History<State, Action: Sendable> {
  @usableFromInline
  struct Entry {
    @usableFromInline let index: Int
    @usableFromInline let action: Action
    @usableFromInline let origin: EntryOrigin
    @usableFromInline let context: ActionContext
    @usableFromInline let time: Duration
    @usableFromInline let reduceDuration: Duration
    @usableFromInline var changedPaths: [StatePath]?
    @usableFromInline var isSkipped: Bool

    @inlinable
    init(
      index: Int, action: Action, origin: EntryOrigin, context: ActionContext, time: Duration,
      reduceDuration: Duration, changedPaths: [StatePath]?, isSkipped: Bool = false
    ) {
      self.index = index
      self.action = action
      self.origin = origin
      self.context = context
      self.time = time
      self.reduceDuration = reduceDuration
      self.changedPaths = changedPaths
      self.isSkipped = isSkipped
    }
  }

  @inlinable static var keyframeInterval: Int { 32 }

  /// The state before the first entry.
  @usableFromInline var base: State
  @usableFromInline var entries = Deque<Entry>()
  /// The state after the entry with a given index, for indices that are multiples of
  /// `keyframeInterval`.
  @usableFromInline var keyframes: [Int: State] = [:]
  /// Whether the entries' sequence numbers increase, as a store numbers what it reduces:
  /// then an entry is found by its number with a binary search, and recording keeps no
  /// index. (Entries loaded from a file keep another store's numbers, which later actions
  /// may repeat: then the search is linear, newest first.)
  @usableFromInline var sequencesIncrease = true
  /// The index the next entry gets.
  @usableFromInline var nextIndex = 1
  /// How many entries to keep before folding the oldest into the base (at least 1).
  @usableFromInline var limit: Int {
    didSet {
      limit = max(limit, 1)
      if entries.count >= limit + Self.keyframeInterval { foldOldEntries() }
    }
  }
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>

  init(
    base: State, limit: Int, reduce: @escaping (inout State, Action) -> Effect<Action>, nextIndex: Int = 1
  ) {
    self.base = base
    self.limit = max(limit, 1)
    self.reduce = reduce
    self.nextIndex = nextIndex
  }

  var isEmpty: Bool { entries.isEmpty }
  var count: Int { entries.count }
  /// The index of the first entry kept.
  @inlinable var firstIndex: Int { entries.first?.index ?? nextIndex }
  /// The index of the last entry, or `firstIndex - 1` when empty.
  @inlinable var lastIndex: Int { nextIndex - 1 }

  /// The entry with `index`, if kept.
  func entry(_ index: Int) -> Entry? {
    let position = index - firstIndex
    return entries.indices.contains(position) ? entries[position] : nil
  }

  /// The index of the entry for the action with `sequence`, if kept.
  func index(ofSequence sequence: UInt64) -> Int? {
    guard sequencesIncrease else {
      return entries.last { $0.context.sequence == sequence }?.index
    }
    var low = entries.startIndex
    var high = entries.endIndex
    while low < high {
      let middle = (low + high) / 2
      if entries[middle].context.sequence < sequence { low = middle + 1 } else { high = middle }
    }
    return low < entries.endIndex && entries[low].context.sequence == sequence ? entries[low].index : nil
  }

  /// Records an action and the state it produced; the entry's index is `nextIndex`.
  @inlinable
  mutating func append(_ entry: Entry, producing state: State) {
    precondition(entry.index == nextIndex, "history entries are appended in index order")
    if let last = entries.last, last.context.sequence >= entry.context.sequence { sequencesIncrease = false }
    entries.append(entry)
    nextIndex += 1
    if entry.index % Self.keyframeInterval == 0 {
      keyframes[entry.index] = state
    }
    if entries.count >= limit + Self.keyframeInterval {
      foldOldEntries()
    }
  }

  /// The state after the entry with `index`; any index before the first entry means the base.
  func state(after index: Int) -> State {
    guard index >= firstIndex else { return base }
    var start = index - index % Self.keyframeInterval
    var state = base
    if start >= firstIndex, let keyframe = keyframes[start] {
      state = keyframe
    } else {
      start = firstIndex - 1
    }
    var next = start + 1
    while next <= index {
      let entry = entries[next - firstIndex]
      if !entry.isSkipped { _ = reduce(&state, entry.action) }
      next += 1
    }
    return state
  }

  /// The state after the last entry, as replay computes it.
  var finalState: State { state(after: lastIndex) }

  /// Marks the entry with `index` skipped or not, and recomputes the keyframes after it.
  mutating func setSkipped(_ isSkipped: Bool, at index: Int) {
    entries[index - firstIndex].isSkipped = isSkipped
    recomputeKeyframes(after: index - 1)
  }

  /// Records the changed paths of the entry with `index`, computed after the fact.
  mutating func setChangedPaths(_ paths: [StatePath], at index: Int) {
    entries[index - firstIndex].changedPaths = paths
  }

  /// Drops the entries after `index`: a send after a jump forks history there.
  mutating func truncate(after index: Int) {
    while let last = entries.last, last.index > index {
      keyframes[last.index] = nil
      entries.removeLast()
    }
    nextIndex = max(index, firstIndex - 1) + 1
  }

  /// Forgets every entry; `base` becomes the state before the next one.
  mutating func clear(base: State) {
    self.base = base
    entries.removeAll()
    keyframes.removeAll()
    sequencesIncrease = true
  }

  /// Folds the oldest entries, up to a keyframe, into the base.
  @inlinable
  mutating func foldOldEntries() {
    let newLastFolded = (lastIndex - limit) - (lastIndex - limit) % Self.keyframeInterval
    guard newLastFolded >= firstIndex, let newBase = keyframes[newLastFolded] else { return }
    let foldedCount = newLastFolded - firstIndex + 1
    // Keyframes sit at multiples of the interval, and none is kept before the first entry.
    for index in stride(from: firstIndex - firstIndex % Self.keyframeInterval, through: newLastFolded, by: Self.keyframeInterval) {
      keyframes[index] = nil
    }
    entries.removeFirst(foldedCount)
    base = newBase
  }

  private mutating func recomputeKeyframes(after index: Int) {
    var state = self.state(after: index)
    for entry in entries where entry.index > index {
      if !entry.isSkipped { _ = reduce(&state, entry.action) }
      if entry.index % Self.keyframeInterval == 0 { keyframes[entry.index] = state }
    }
  }
}
