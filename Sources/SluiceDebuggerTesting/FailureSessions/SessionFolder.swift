#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SluiceTesting
import SluiceDebugger
import SluiceFiles

/// The folder failing tests write their sessions to, made when the first is written.
enum SessionFolder {
  /// Makes the folder at `path` (absolute) and any folder above it that is missing, as
  /// `mkdir -p` does; a folder already there is fine.
  ///
  /// - Throws: What is in the way, in plain words: the folder that cannot be made, and why
  ///   (`Not a directory` where a file holds its place, `Permission denied`).
  static func create(_ path: String) throws(DebugError) {
    var prefix = ""
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += "/" + component
      if mkdir(prefix, 0o755) == 0 { continue }
      let reason = errno
      var status = stat()
      if reason == EEXIST, stat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
      let message = reason == EEXIST ? "it is not a directory" : errorText(reason)
      throw DebugError("cannot create the folder \(prefix): \(message)")
    }
  }
}
