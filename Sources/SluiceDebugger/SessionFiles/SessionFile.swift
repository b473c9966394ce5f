import Foundation
import SluiceFiles

/// The first fields of a session file, read before the rest so that a file of another
/// version or feature is refused with a clear message.
package struct SessionFileHeader: Decodable {
  /// The feature that saved the session file at `path`; `nil` when the file cannot be read
  /// as one (loading it then says why).
  static func feature(ofFileAt path: String) -> String? {
    guard let bytes = try? RegularFile.contents(of: path, limit: RegularFile.sessionFileLimit),
      let header = try? JSONDecoder().decode(SessionFileHeader.self, from: Data(bytes)), header.format == format
    else { return nil }
    return header.feature
  }

  static let format = "sluice-session"
  /// What every session file Sluice names ends in (a failing test's, a flight recording):
  /// `.sluice-session`, apart from the scripts' `.sluice`.
  package static let fileExtension = "." + format
  /// Version 2 stores distinct actions once and the log as compact text (``EntryLog``),
  /// with state digests from ``StateDigest`` instead of hashes of JSON text. Version 3 adds
  /// what each action read (`reads`); its final state and digests are the states recorded,
  /// and its log's digests may be sparse, where `save` skipped digesting a large state
  /// (``EntryLog``). Version 4 adds the entries that are edits made with `set var`
  /// (`edits`): the log lists them among the actions, their action field 0 and not read. A
  /// version 2 file still loads, its actions replayed without reads, and a version 3 file
  /// as it always did.
  /// The jobs' spans (`jobSpans`), the cycle warnings (`cycleWarnings`) and the stops
  /// (`stops`), a failing test's dependency overrides (`testOverrides`), and where `reset`
  /// returns when that is not the base (`resetState`), were added to
  /// version 4 without a new version: they are optional, and a reader that does not know
  /// them skips them.
  static let currentVersion = 4
  /// The versions this build reads.
  static let readableVersions = 2...currentVersion

  let format: String
  let version: Int
  let feature: String
  let fingerprint: String

  /// The feature the session file at `path` is of, for a command that loads it into that
  /// feature's session (`sluice export-test`, `sluice export-trace`); `load` checks the rest.
  /// `chosen`, the feature a command was told to load the file into (`--feature`), or the
  /// one the file at `path` names.
  static func feature(ofFileAt path: String, unless chosen: String?) throws(DebugError) -> String {
    if let chosen { return chosen }
    return try feature(ofFileAt: path)
  }

  package static func feature(ofFileAt path: String) throws(DebugError) -> String {
    let bytes = try DebugError.file { () throws(FileError) in try RegularFile.contents(of: path, limit: RegularFile.sessionFileLimit) }
    guard let header = decoded(from: bytes) else { throw DebugError("\(path) is not a readable session file") }
    return header.feature
  }

  /// The first fields of a session file's `bytes`; `nil` when they do not decode as them.
  static func decoded(from bytes: [UInt8]) -> SessionFileHeader? {
    try? JSONDecoder().decode(SessionFileHeader.self, from: Data(bytes))
  }
}

/// A saved session: versioned JSON with the feature, a fingerprint of its types, the base
/// state, the action log, the final state, the breakpoints, and what happened beside the
/// log: the jobs' spans, the cycle warnings and the stops.
struct SessionFile<State: Codable, Action: Codable>: Codable {
  /// What one entry read (``RecordedRead``), in order.
  struct SavedReads: Codable {
    let index: Int
    let reads: [RecordedRead]
  }

  /// An entry that is an edit (`set var PATH = VALUE`), as the command spells it.
  struct SavedEdit: Codable {
    let index: Int
    let path: String
    let value: String
  }

  var format = SessionFileHeader.format
  var version = SessionFileHeader.currentVersion
  let feature: String
  let fingerprint: String
  let initialState: State
  /// The history index of the log's first entry; the others follow consecutively.
  let firstIndex: Int
  /// The distinct actions of the log (``ActionTable``).
  let actions: [Action]
  /// The distinct origins of the log.
  let origins: [EntryOrigin]
  /// The log, as ``EntryLog`` text.
  let log: String
  /// The state after the last entry, as recorded.
  let finalState: State
  /// What the entries that read values read, by entry index (version 3).
  var reads: [SavedReads]?
  /// The entries that are edits, by entry index (version 4).
  var edits: [SavedEdit]?
  let breakpoints: [SavedBreakpoint]
  /// After a jump, the entry the session was at; `nil` (or absent) at the last entry.
  var position: Int?
  /// The virtual clock's time, in nanoseconds, for a session on virtual time; `load` moves
  /// the clock there.
  var virtualTime: Int64?
  /// The spans of the jobs the session saw (``JobSpan``), oldest launch first: optional and
  /// additive, so a file without them (older, or a test store's) loads with none.
  var jobSpans: [SavedJobSpan]? = nil
  /// The distinct cycle warnings (``CycleReport``), in the order first seen: optional, as
  /// `jobSpans` is.
  var cycleWarnings: [SavedCycleReport]? = nil
  /// The stops the session reported (breakpoints, watchpoints, cycle pauses, `pause`,
  /// steps), oldest first: optional, as `jobSpans` is.
  var stops: [SavedStop]? = nil
  /// The dependency values the failing test that wrote the file overrode (a test store's
  /// file only): optional, as `jobSpans` is.
  var testOverrides: SavedTestOverrides? = nil
  /// Where `reset` returns (the feature's initial state, or the state at the last `commit`),
  /// when the history limit folded entries past it and `initialState` is no longer that
  /// state: optional, as `jobSpans` is, and absent when `reset` returns to `initialState`.
  var resetState: State? = nil
}
