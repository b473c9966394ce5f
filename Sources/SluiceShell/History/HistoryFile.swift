import Foundation

/// Saving the history file so that a crash or a second shell never leaves half a file.
enum HistoryFile {
  /// Creates the file's folder when needed (readable by the user alone, as the XDG
  /// specification asks of state), lets `write` fill a temporary file beside it, then
  /// renames that over the file. Does nothing more when `write` fails: history is a
  /// convenience, and failing to keep it must not disturb the shell.
  static func save(to path: String, write: (String) -> Bool) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let temporary = folder + "/.\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp"
    guard write(temporary) else {
      try? FileManager.default.removeItem(atPath: temporary)
      return
    }
    if rename(temporary, path) != 0 {
      try? FileManager.default.removeItem(atPath: temporary)
    }
  }
}
