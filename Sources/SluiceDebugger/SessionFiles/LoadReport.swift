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
  /// What the file has that this sluice does not read, each said with the file, where it is
  /// and what it may have meant: `…: unknown key 'pyition' at the top level (did you mean
  /// 'position'?); it is ignored`.
  public internal(set) var warnings: [String] = []
  /// When `load` switched to the feature that saved the file: from which, to which.
  public internal(set) var featureSwitch: FeatureSwitch?

  /// A change of the feature in use that a `load` made.
  public struct FeatureSwitch: Sendable, Equatable {
    /// The feature in use before.
    public let from: String
    /// The feature that saved the file, now in use.
    public let to: String
  }

  /// Where replay first differs from the file.
  ///
  /// A file keeps a digest of the state after some entries only: after every entry while
  /// the state is small, and fewer as it grows, so that saving stays linear in the log
  /// (files saved before that have one after every entry). So replay can name the first
  /// entry whose saved digest differs (``index``), and the entry after the last one whose
  /// digest matched (``earliestIndex``): the state first differs at one of
  /// `earliestIndex...index`. The two are equal when the entry before has a digest.
  public struct Divergence: Sendable {
    /// The history index of the first entry whose replayed state differs from its saved
    /// digest.
    public let index: Int
    /// The earliest entry at which replay may first differ: the one after the last entry
    /// whose saved digest matched. Equal to ``index`` when that is the entry before it.
    public let earliestIndex: Int
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
