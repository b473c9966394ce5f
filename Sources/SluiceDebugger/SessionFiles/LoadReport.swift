/// What loading a session file found.
public struct LoadReport: Sendable {
  /// How many actions were replayed.
  public let replayedCount: Int
  /// Whether the State and Action types look different from when the file was saved.
  public let typesChanged: Bool
  /// Where replay first disagreed with the file, if it did.
  public let divergence: Divergence?
  /// The file's breakpoints that could not be rebuilt, and why; the others keep their ids.
  public internal(set) var unrestoredBreakpoints: [UnrestoredBreakpoint] = []

  /// The first entry whose replayed state differs from the saved one.
  public struct Divergence: Sendable {
    /// The entry's history index.
    public let index: Int
    /// Its action, as typed.
    public let action: String
    /// What the entry's action does to the state when replayed now: the state before it (−)
    /// against after it (+). The file keeps digests of states, not states, so this is the
    /// change to compare with what the entry did when it was saved.
    public let entryDiff: StateDiff
    /// Saved final state (−) against replayed final state (+); empty when replay ends in the
    /// saved state after all.
    public let finalStateDiff: StateDiff
  }

  /// A saved breakpoint that could not be rebuilt: its condition or path no longer parses,
  /// or its kind is unknown.
  public struct UnrestoredBreakpoint: Sendable, Equatable {
    /// Its id in the file.
    public let id: Int
    /// The breakpoint as a command would make it (`break decrement if count >>> 1`).
    public let breakpoint: String
    /// Why it could not be rebuilt.
    public let reason: String
  }
}
