/// The first fields of a session file, read before the rest so that a file of another
/// version or feature is refused with a clear message.
struct SessionFileHeader: Decodable {
  static let format = "sluice-session"
  static let currentVersion = 1

  let format: String
  let version: Int
  let feature: String
  let fingerprint: String
}

/// A saved session: versioned JSON with the feature, a fingerprint of its types, the base
/// state, the action log, the final state, and the breakpoints.
struct SessionFile<State: Codable, Action: Codable>: Codable {
  /// One logged action.
  struct Entry: Codable {
    let index: Int
    let action: Action
    let origin: EntryOrigin
    let sequence: UInt64
    let parent: UInt64?
    let root: UInt64
    let depth: Int
    /// Nanoseconds on the session's clock.
    let time: Int64
    let isSkipped: Bool
    /// A digest of the state after this entry, so replay can name the first entry where a
    /// changed reducer diverges.
    let stateDigest: String
  }

  /// A breakpoint, as the command that makes it would spell it.
  struct SavedBreakpoint: Codable {
    let kind: String
    let pattern: String?
    let condition: String?
    let path: String?
    let isEnabled: Bool
    let isOneShot: Bool
    let ignoreCount: Int
  }

  var format = SessionFileHeader.format
  var version = SessionFileHeader.currentVersion
  let feature: String
  let fingerprint: String
  let initialState: State
  let entries: [Entry]
  let finalState: State
  let breakpoints: [SavedBreakpoint]
}

/// What loading a session file found.
public struct LoadReport: Sendable {
  /// How many actions were replayed.
  public let replayedCount: Int
  /// Whether the State and Action types look different from when the file was saved.
  public let typesChanged: Bool
  /// Where replay first disagreed with the file, if it did.
  public let divergence: Divergence?

  /// The first entry whose replayed state differs from the saved one.
  public struct Divergence: Sendable {
    /// The entry's history index.
    public let index: Int
    /// Its action, as typed.
    public let action: String
    /// Saved final state (−) against replayed final state (+).
    public let finalStateDiff: StateDiff
  }
}
