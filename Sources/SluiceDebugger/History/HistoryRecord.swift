import Sluice

/// One history entry, as the debugger reports it: a reduced action, or an edit (`set var`).
public struct HistoryRecord: Hashable, Sendable {
  /// The entry's position in the session's history: 1 for the first action, increasing for
  /// the session's life (entries folded away by the history limit keep their numbers).
  public let index: Int
  /// The action, written as it would be typed: `.add(title: "Milk")`.
  public let action: String
  /// The action's case name, payload aside: `add`, `todo.toggle`.
  public let caseName: String
  /// Who sent it.
  public let origin: EntryOrigin
  /// The store's causal context: sequence number, parent, root and depth.
  public let context: ActionContext
  /// When it was reduced, on the session's clock, since the session started.
  public let time: Duration
  /// How long the reducer took.
  public let reduceDuration: Duration
  /// The state paths it changed, when known (see ``DiffDisplay``).
  public let changedPaths: [StatePath]?
  /// Whether it is an edit made by hand (`set var`) rather than an action reduced.
  public let isEdit: Bool
  /// The case name of an edit: no case pattern matches it, since it has a space.
  public static let editCaseName = "set var"
  /// Whether time travel skips it (`toggle`).
  public let isSkipped: Bool
  /// The values its reduction read that replay feeds back (dates, ids, random numbers),
  /// in order; empty for a reducer that records no reads.
  public let reads: [RecordedRead]
  /// Whether the last replay of it (a `toggle` before it, a `load`) read a value live: it
  /// read more, or other, values than it recorded, so what it read then is new.
  public let readLiveOnReplay: Bool

  /// Creates a record.
  public init(
    index: Int, action: String, caseName: String, isEdit: Bool = false, origin: EntryOrigin, context: ActionContext,
    time: Duration, reduceDuration: Duration, changedPaths: [StatePath]?, isSkipped: Bool,
    reads: [RecordedRead] = [], readLiveOnReplay: Bool = false
  ) {
    self.index = index
    self.action = action
    self.caseName = caseName
    self.isEdit = isEdit
    self.origin = origin
    self.context = context
    self.time = time
    self.reduceDuration = reduceDuration
    self.changedPaths = changedPaths
    self.isSkipped = isSkipped
    self.reads = reads
    self.readLiveOnReplay = readLiveOnReplay
  }
}
