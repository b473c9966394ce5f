#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading files the debugger is told to read (`load`, `source`, `sluice run FILE`): only
/// regular files, only up to a stated size, and never waiting on a FIFO or a device.
///
/// The file is examined before it is opened and again, through the descriptor, after: a FIFO
/// opened for reading would wait for a writer, and a device such as `/dev/zero` never ends.
/// Every error names the file and says what is wrong in plain words.
package enum RegularFile {
  /// The largest session file `load` reads: 256 MiB, about five million actions.
  package static let sessionFileLimit = 256 << 20
  /// The largest script `source` and `sluice run` read: 64 MiB, several million lines.
  package static let scriptLimit = 64 << 20

  /// The bytes of the regular file at `path`, refusing anything else or anything larger than
  /// `limit` bytes.
  package static func contents(of path: String, limit: Int) throws(DebugError) -> [UInt8] {
    guard !path.isEmpty else { throw DebugError("cannot read a file with an empty name") }
    var status = stat()
    guard stat(path, &status) == 0 else { throw failure(path, errorText()) }
    try check(status, path, limit: limit)
    // Non-blocking, so that a file swapped for a FIFO since `stat` cannot make `open` wait.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(path, errorText()) }
    defer { close(descriptor) }
    guard fstat(descriptor, &status) == 0 else { throw failure(path, errorText()) }
    try check(status, path, limit: limit)

    // Room for one byte more than `fstat` said, to tell a file that grew since; it may grow
    // up to one byte past the limit, which says it is too large.
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var count = 0
    while true {
      if count == bytes.count {
        guard count <= limit else { throw tooLarge(path, limit: limit) }
        bytes += repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count))
      }
      let result = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw failure(path, errorText())
      }
      if result == 0 { break }
      count += result
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  /// Throws unless `status` is a regular file of at most `limit` bytes.
  private static func check(_ status: stat, _ path: String, limit: Int) throws(DebugError) {
    let kind = status.st_mode & S_IFMT
    guard kind == S_IFREG else { throw failure(path, "it is \(describe(kind)), not a regular file") }
    guard status.st_size <= limit else { throw tooLarge(path, limit: limit) }
  }

  /// What `save` may replace: nothing at all, or a regular file that may be written. A
  /// symbolic link, a FIFO, a device or a folder at `path` is refused, so that `save` never
  /// turns one into a file; so is a read-only file (no write permission for anyone, or none
  /// for this process), as `cp` and a shell's `>` refuse it; and so is a file with other
  /// hard links, which a save (a new file renamed into place) would leave naming the old
  /// contents.
  ///
  /// - Returns: The permission bits of the file there (`0o600`, …), for the replacement to
  ///   keep; `nil` when there is no file.
  @discardableResult
  package static func checkReplaceable(_ path: String) throws(DebugError) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      if errno == ENOENT { return nil }
      throw DebugError("cannot save to \(path): \(errorText())")
    }
    let kind = status.st_mode & S_IFMT
    guard kind == S_IFREG else {
      throw DebugError("cannot save to \(path): it is \(describe(kind)); save replaces regular files only")
    }
    let permissions = status.st_mode & 0o7777
    // `access` alone lets root write anything: a file nobody may write is read-only to root too.
    guard permissions & 0o222 != 0, access(path, W_OK) == 0 else {
      throw DebugError(
        "cannot save to \(path): it is read-only (mode 0\(String(permissions, radix: 8))); "
          + "make it writable (chmod u+w) or save to another file")
    }
    // The file's other names would keep the old contents: say so rather than split them.
    guard status.st_nlink <= 1 else {
      let others = Int(status.st_nlink) - 1
      throw DebugError(
        "cannot save to \(path): it has \(others) other name\(others == 1 ? "" : "s") (hard links), which would keep "
          + "the old contents; save to another file")
    }
    return permissions
  }

  /// `a directory`, `a FIFO`, … for a file type from `st_mode`.
  static func describe(_ kind: mode_t) -> String {
    switch kind {
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "a regular file"
    }
  }

  private static func tooLarge(_ path: String, limit: Int) -> DebugError {
    failure(path, "it is larger than the limit of \(limit >> 20) MiB (\(limit) bytes)")
  }

  private static func failure(_ path: String, _ reason: String) -> DebugError {
    DebugError("cannot read \(path): \(reason)")
  }

  /// The C library's words for the last error (`errno`): "Permission denied".
  package static func errorText() -> String {
    String(cString: strerror(errno))
  }
}
