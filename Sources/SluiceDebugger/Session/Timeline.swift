import Sluice

/// The history of a session and where in it the store's state is: the one owner of "which
/// actions does the state come from".
///
/// Its invariant, which every operation keeps: the store's state equals the state the
/// history keeps for ``position`` (the base before the first entry). Work in flight (jobs,
/// queued actions) belongs to the present; an operation that leaves the present (`travel`,
/// `rewrite`) is told so by its result, and the session cancels that work.
@usableFromInline
struct Timeline<State, Action: Sendable> {
  /// Set only by the timeline's own operations (internal rather than private so that
  /// recording, which is inlinable, can append).
  @usableFromInline var history: History<State, Action>
  /// After a jump into the past, the entry the state is at; `nil` at the present.
  @usableFromInline private(set) var travelledTo: Int?

  /// Where `reset` returns: the feature's initial state, or the state at the last
  /// `commit`. Unlike the history's base, folding old entries never moves it.
  private(set) var resetBase: State

  /// The history as it was before the first what-if (`replace`, `toggle`) since it was kept:
  /// what `diff original` compares with and `original restore` goes back to. `nil` when no
  /// what-if changed the history since a load, a reset, a commit or `original forget`.
  private(set) var original: History<State, Action>?

  init(history: History<State, Action>) {
    self.history = history
    resetBase = history.base
  }

  /// How many entries the history keeps before folding the oldest into its base. A smaller
  /// limit set while travelled folds no entry after the position.
  var historyLimit: Int {
    get { history.limit }
    set { history.setLimit(newValue, keepingStateAfter: position) }
  }

  /// The entry the store's state is the result of.
  var position: Int { travelledTo ?? history.lastIndex }

  /// Whether the state is that of the last entry.
  @inlinable var isAtPresent: Bool { travelledTo == nil }

  /// The state at ``position``, as recorded.
  var stateAtPosition: State { history.state(after: position) }

  /// Moves to entry `index` (clamped to the base before the first entry kept).
  ///
  /// - Returns: Whether this left the present: live work then belongs to an abandoned
  ///   timeline.
  mutating func travel(to index: Int) -> Bool {
    let target = max(index, history.firstIndex - 1)
    let leftPresent = isAtPresent && target < history.lastIndex
    travelledTo = target < history.lastIndex ? target : nil
    return leftPresent
  }

  /// Before a new entry while travelled: drops the entries after the position, so the new
  /// entry continues the state the store holds.
  ///
  /// - Returns: Whether there was anything to drop.
  mutating func forkIfTravelled() -> Bool {
    guard let index = travelledTo else { return false }
    history.truncate(after: index)
    travelledTo = nil
    return true
  }

  /// Records a reduced action or an edit at the present.
  @inlinable
  mutating func append(
    _ step: HistoryStep<Action>, context: ActionContext, origin: EntryOrigin, nanoseconds: Int64, reduceNanoseconds: UInt64,
    changedPaths: [StatePath]?, reads: [RecordedRead], producing state: State
  ) {
    history.append(
      step, context: context, origin: origin, nanoseconds: nanoseconds, reduceNanoseconds: reduceNanoseconds,
      changedPaths: changedPaths, reads: reads, producing: state)
  }

  /// Skips or restores entry `index`; its state and later ones are recomputed by replay.
  /// The history before it is kept as the original, if none is.
  mutating func setSkipped(_ isSkipped: Bool, at index: Int) {
    if original == nil { original = history }
    history.setSkipped(isSkipped, at: index)
  }

  /// Puts `action` in place of entry `index`; its state and later ones are recomputed by
  /// replay. The history before it is kept as the original, if none is.
  mutating func replaceAction(at index: Int, with action: Action) {
    if original == nil { original = history }
    history.replaceAction(at: index, with: action)
  }

  /// Makes `history` the timeline, at its last entry: a what-if that replaced every entry
  /// (`shrink`). The history before it is kept as the original, if none is.
  mutating func replaceKeepingOriginal(with history: History<State, Action>) {
    if original == nil { original = self.history }
    self.history = history
    travelledTo = nil
  }

  /// Goes back to the original history: the what-ifs since are dropped, and the position is
  /// its last entry.
  ///
  /// - Returns: Whether there was an original to go back to.
  mutating func restoreOriginal() -> Bool {
    guard let original else { return false }
    history = original
    self.original = nil
    travelledTo = nil
    return true
  }

  /// Keeps the history as it is: the original is forgotten.
  mutating func forgetOriginal() {
    original = nil
  }

  /// Forgets every entry; `base` becomes the state before the next one, and where `reset`
  /// returns.
  mutating func restart(from base: State) {
    original = nil
    history.clear(base: base)
    resetBase = base
    travelledTo = nil
  }

  /// Replaces the whole history (a load), positioned at `position` if given; `reset` then
  /// returns to `resetBase`, or to the history's base when that is `nil`.
  mutating func replace(with history: History<State, Action>, at position: Int?, resettingTo resetBase: State?) {
    self.history = history
    self.resetBase = resetBase ?? history.base
    original = nil
    travelledTo = nil
    if let position { _ = travel(to: position) }
  }

  /// Records changed paths computed after the fact.
  mutating func setChangedPaths(_ paths: [StatePath], at index: Int) {
    history.setChangedPaths(paths, at: index)
  }

  /// Whether the action with `sequence` is an entry of this timeline at or before the
  /// position, or was folded into the base: what a live job's parent must be.
  func owns(sequence: UInt64) -> Bool {
    guard let index = history.index(ofSequence: sequence) else {
      // Not kept: folded into the base long ago, or never recorded here.
      return history.isEmpty || sequence < (history.entry(history.firstIndex)?.context.sequence ?? 0)
    }
    return index <= position
  }
}
