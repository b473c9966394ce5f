import Foundation

/// A new folder under /tmp for one test, removed with everything in it when the test ends.
/// Short, because a socket path inside it must fit in `sockaddr_un`.
final class TemporaryFolder {
  let path: String

  init() throws {
    var template = Array("/tmp/sluice-agent-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw TestClientError(description: "mkdtemp failed") }
    path = String(cString: made)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The environment that puts the runtime folder in this one: `<path>/sluice`.
  var environment: [String: String] { ["XDG_RUNTIME_DIR": path] }
  var runtimeFolder: String { path + "/sluice" }

  /// Writes `text` to `name` in the folder with the given mode; returns its path.
  @discardableResult
  func write(_ text: String, to name: String, mode: mode_t = 0o600) throws -> String {
    let file = path + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    chmod(file, mode)
    return file
  }
}

/// The mode bits of the file at `path`, not following a link.
func permissions(of path: String) -> mode_t? {
  var status = stat()
  return lstat(path, &status) == 0 ? status.st_mode & 0o777 : nil
}

func fileExists(_ path: String) -> Bool {
  var status = stat()
  return lstat(path, &status) == 0
}

/// Waits until `condition` holds, checking every 10 ms; gives up after 30 seconds only as a
/// guard against a hang, returning false.
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<3000 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return condition()
}
