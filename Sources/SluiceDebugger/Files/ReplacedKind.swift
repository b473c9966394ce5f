import SluiceFiles

/// What a save may replace besides nothing: a file of the kind it writes. `save session.json`
/// with a mistyped name must not turn a user's other file (a configuration, a source file,
/// `/etc/passwd` for root) into a session, which writable regular files alone would allow.
package enum ReplacedKind: Sendable {
  /// A session file (`save`, a failing test's recording): one whose header reads as a Sluice
  /// session of any feature or version.
  case sessionFile
  /// A script `save breakpoints` wrote: its first line says so.
  case breakpointScript
  /// Any regular file that may be written: an exported test or trace, whose name the user
  /// gives for that purpose alone.
  case anyRegularFile

  /// The first line of every script `save breakpoints` writes, up to the feature's name.
  static let breakpointScriptMark = "# breakpoints of "

  /// Throws unless the regular file at `path` is of this kind, or empty (as `mktemp` makes
  /// one: it holds nothing to lose).
  func checkIsOfKind(_ path: String) throws(FileError) {
    switch self {
    case .anyRegularFile:
      return
    case .sessionFile:
      let bytes = try RegularFile.contents(of: path, limit: RegularFile.sessionFileLimit)
      guard !bytes.isEmpty else { return }
      guard SessionFileHeader.decoded(from: bytes)?.format == SessionFileHeader.format else {
        throw refusal(path, "a session file")
      }
    case .breakpointScript:
      let bytes = try RegularFile.contents(of: path, limit: RegularFile.scriptLimit)
      guard !bytes.isEmpty else { return }
      guard bytes.starts(with: Array(Self.breakpointScriptMark.utf8)) else {
        throw refusal(path, "a breakpoint script `save breakpoints` wrote")
      }
    }
  }

  private func refusal(_ path: String, _ kind: String) -> FileError {
    FileError("cannot save to \(path): it is not \(kind), and saving would replace what it holds; remove it first or save to another file")
  }
}
