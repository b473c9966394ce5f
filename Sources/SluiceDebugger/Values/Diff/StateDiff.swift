/// The difference between two values of the same type: a tree of changes and the
/// paths that changed.
///
/// Computing one is cheap when little changed: equal parts are skipped with `==`
/// (or in O(1) when arrays share storage) and only differing parts are opened by
/// reflection. Render it with `lines()` / `description`, or list it with `summary`.
public struct StateDiff: Equatable, Sendable {
  /// What changed, or `nil` when the values are equal.
  public var change: StateChange?
  /// Every changed leaf, in order: `todos[2].done`, `count`, `tags["x"]`.
  public var changedPaths: [StatePath]

  /// Creates a diff from its parts.
  public init(change: StateChange?, changedPaths: [StatePath]) {
    self.change = change
    self.changedPaths = changedPaths
  }

  /// The difference from `old` to `new`.
  public init<Value>(from old: Value, to new: Value) {
    var differ = StateDiffer()
    change = differ.change(from: old, to: new, depth: 0, knownToDiffer: false)
    changedPaths = differ.changedPaths
  }

  /// The difference from `old` to `new`, for `Equatable` values.
  ///
  /// Inlinable so that the first `==` is specialised in the caller's module, where
  /// the concrete type is known: equal states (the common case after an action)
  /// cost one direct `==`, with no dynamic casts.
  @inlinable
  public init<Value: Equatable>(from old: Value, to new: Value) {
    if old == new {
      self.init(change: nil, changedPaths: [])
    } else {
      self.init(differing: old, new)
    }
  }

  /// The difference between two values already known to differ. Generic, so that the
  /// differ reads the root without boxing it (see `StateDiffer+Typed`).
  @usableFromInline
  init<Value>(differing old: Value, _ new: Value) {
    var differ = StateDiffer()
    change = differ.change(from: old, to: new, depth: 0, knownToDiffer: true)
    changedPaths = differ.changedPaths
  }

  /// Whether nothing changed.
  public var isEmpty: Bool { change == nil }

  /// The changed paths on one line: `todos[2].done, count`; empty when nothing changed.
  public var summary: String {
    changedPaths.map(\.description).joined(separator: ", ")
  }
}
