/// A replay that did not give the state recorded: the first entry whose action, run again
/// through the reducer from the state recorded before it and fed the values it read, gives
/// another state than the one recorded after it.
///
/// Reported by `toggle` (before it recomputes later states), by `save` (for the entries it
/// digests: a load of the file would diverge there) and by `load` (where the file keeps
/// digests of states, not states), with its likeliest ``cause``: a file saved by another
/// version of the feature, a test's own dependency override, a read the debugger does not
/// control, or a class instance in the state.
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
  /// Why replay diverged, as far as the debugger can tell.
  public let cause: Cause

  /// Describes a divergence; without a cause, one of a reducer that read nothing the
  /// debugger controls at the entry.
  public init(command: String, index: Int, action: String, paths: [StatePath], diff: StateDiff, cause: Cause? = nil) {
    self.command = command
    self.index = index
    self.action = action
    self.paths = paths
    self.diff = diff
    self.cause = cause ?? .uncontrolledRead(entry: index, action: action, readLive: [], leftUnread: [])
  }

  /// What happened, why, and what to do, in one sentence: "#2 .load produced a different
  /// `lastLoadedAt` on replay (toggle): it read nothing the debugger controls, …".
  public var explanation: String {
    let what = paths.isEmpty ? "a different state" : "a different " + paths.map { "`\($0)`" }.joined(separator: ", ")
    return "#\(index) \(action) produced \(what) on replay (\(command)): " + cause.explanation(at: index)
  }
}
