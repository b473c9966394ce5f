#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The text of the current `errno`, for error messages.
package func errorText(_ code: Int32 = errno) -> String {
  String(cString: strerror(code))
}

/// A file mode's permission bits in octal, as `chmod` takes them: `0775`.
package func octalMode(_ mode: mode_t) -> String {
  "0" + String(mode & 0o7777, radix: 8)
}

/// The file at `path`, not following a final symbolic link, or nil with `errno` set.
package func linkStatus(_ path: String) -> stat? {
  var status = stat()
  return lstat(path, &status) == 0 ? status : nil
}

/// What a file type is called in an error message.
package func fileKind(_ mode: mode_t) -> String {
  switch mode & S_IFMT {
  case S_IFREG: "a regular file"
  case S_IFDIR: "a folder"
  case S_IFLNK: "a symbolic link"
  case S_IFSOCK: "a socket"
  case S_IFIFO: "a FIFO"
  case S_IFCHR, S_IFBLK: "a device"
  default: "a special file"
  }
}

/// `folder` and `name` joined with one slash.
package func joinPath(_ folder: String, _ name: String) -> String {
  folder.hasSuffix("/") ? folder + name : folder + "/" + name
}

/// Whether the process `pid` exists: `kill(pid, 0)` succeeds, or fails only for lack of
/// permission. Never asked for `pid <= 0`, which would name a process group.
package func processIsAlive(_ pid: Int32) -> Bool {
  guard pid > 0 else { return false }
  return kill(pid, 0) == 0 || errno == EPERM
}
