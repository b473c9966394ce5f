#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SluiceFiles

/// The socket file's path rules: short enough for `sockaddr_un`, and only ever replacing or
/// removing a socket, never another kind of file. The agent's socket and `sluice dap
/// --listen`'s follow them.
package enum SocketFile {
  /// The longest socket path the system takes, in bytes: `sun_path` less its terminating zero
  /// (107 on Linux, 103 on macOS).
  package static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

  /// Throws unless a socket can be bound at `path`: short enough, and nothing there but
  /// perhaps a socket left by a process that ended, which is removed. `shorter` says how to
  /// choose a shorter path, when it is too long.
  package static func prepare(_ path: String, shorter: String = "set XDG_RUNTIME_DIR to a shorter folder") throws(AgentError) {
    guard path.utf8.count <= maximumPathLength else {
      throw AgentError(
        "the socket path \(path) is \(path.utf8.count) bytes long, more than the \(maximumPathLength) a "
          + "socket path may have; \(shorter)"
      )
    }
    guard let status = linkStatus(path) else {
      guard errno == ENOENT else { throw AgentError("cannot examine \(path): \(errorText())") }
      return
    }
    let kind = FileKind(mode: status.st_mode)
    guard kind == .socket else {
      throw AgentError("\(path) is \(kind.phrase), not a socket; it was left as it is")
    }
    guard unlink(path) == 0 || errno == ENOENT else {
      throw AgentError("cannot remove the old socket \(path): \(errorText())")
    }
  }

  /// Removes the socket at `path` if there is one there.
  package static func remove(_ path: String) {
    if let status = linkStatus(path), status.st_mode & S_IFMT == S_IFSOCK { unlink(path) }
  }
}
