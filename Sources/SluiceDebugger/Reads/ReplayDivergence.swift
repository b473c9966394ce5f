/// A replay that did not give the state recorded: the first entry whose action, run again
/// through the reducer from the state recorded before it and fed the values it read, gives
/// another state than the one recorded after it.
///
/// The reducer then depends on something the debugger neither controls nor records: it
/// calls `Date()` or `UUID()` itself, reads a global or a cache, or changes a class instance
/// in the state in place. Reported by `toggle` (before it recomputes later states), by
/// `save` (for the entries it digests: a load of the file would diverge there) and by `load`
/// (where the file keeps digests of states, not states).
public struct ReplayDivergence: Sendable, Equatable {
  /// The command whose replay diverged: `toggle`, `save` or `load`.
  public let command: String
  /// The first entry that diverged.
  public let index: Int
  /// Its action, as typed.
  public let action: String
  /// The paths whose values differ. On `toggle` and `save`, exactly those, recorded against
  /// replayed; on `load`, the paths the entry changes on replay whose final values differ
  /// from the file's (the file keeps no state of each entry to compare with).
  public let paths: [StatePath]
  /// The recorded state (−) against the replayed one (+), at the entry on `toggle` and
  /// `save`; on `load`, the saved final state against the replayed one.
  public let diff: StateDiff

  /// Describes a divergence.
  public init(command: String, index: Int, action: String, paths: [StatePath], diff: StateDiff) {
    self.command = command
    self.index = index
    self.action = action
    self.paths = paths
    self.diff = diff
  }

  /// What happened and what to do, in one sentence: "`.load` produced a different
  /// `lastLoadedAt` on replay: …".
  public var explanation: String {
    let what = paths.isEmpty ? "a different state" : "a different " + paths.map { "`\($0)`" }.joined(separator: ", ")
    return "#\(index) \(action) produced \(what) on replay (\(command)): the reducer reads a value the debugger "
      + "does not control, such as `Date()`, `UUID()`, a random number, a global, or a class instance in the "
      + "state; read it through `@Dependency(\\.date)`, `@Dependency(\\.uuid)` or `@Dependency(\\.withRandomNumberGenerator)` "
      + "in a feature registered with `controlled(by:)`, or through `environment.recorded`"
  }
}
