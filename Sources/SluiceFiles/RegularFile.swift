#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading files Sluice is told to read (`load`, `source`, `sluice run FILE`, a token file, a
/// discovery file, a package's manifest): only regular files, only up to a stated size, and
/// never waiting on a FIFO or a device. And what a save may replace.
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
  /// `limit` bytes; with `followingLinks` false, a symbolic link is refused too (and one put
  /// there between the checks is never followed).
  package static func contents(of path: String, limit: Int, followingLinks: Bool = true) throws(FileError) -> [UInt8] {
    try contentsAndStatus(of: path, limit: limit, followingLinks: followingLinks).bytes
  }

  /// The bytes of the regular file at `path`, as ``contents(of:limit:followingLinks:)``
  /// reads them, and its status as the open descriptor saw it (its owner, its mode).
  package static func contentsAndStatus(
    of path: String, limit: Int, followingLinks: Bool = true
  ) throws(FileError) -> (bytes: [UInt8], status: stat) {
    guard !path.isEmpty else { throw FileError("cannot read a file with an empty name") }
    var status = stat()
    guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { throw failure(path, errorText()) }
    try check(status, path, limit: limit)
    // Non-blocking, so that a file swapped for a FIFO since `stat` cannot make `open` wait;
    // not following a link swapped in, when links are refused.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
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
    return (bytes, status)
  }

  /// Throws unless `status` is a regular file of at most `limit` bytes.
  private static func check(_ status: stat, _ path: String, limit: Int) throws(FileError) {
    let kind = FileKind(mode: status.st_mode)
    guard kind == .regularFile else { throw failure(path, "it is \(kind.phrase), not a regular file") }
    guard status.st_size <= limit else { throw tooLarge(path, limit: limit) }
  }

  /// What a save may replace: nothing at all, or a regular file that may be written. A
  /// symbolic link, a FIFO, a device or a directory at `path` is refused, so that a save
  /// never turns one into a file; so is a read-only file (no write permission for anyone, or
  /// none for this process), as `cp` and a shell's `>` refuse it; and so is a file with other
  /// hard links, which a save (a new file renamed into place) would leave naming the old
  /// contents.
  ///
  /// - Returns: The permission bits of the file there (`0o600`, …), for the replacement to
  ///   keep; `nil` when there is no file.
  @discardableResult
  package static func checkReplaceable(_ path: String) throws(FileError) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      if errno == ENOENT { return nil }
      throw FileError("cannot save to \(path): \(errorText())")
    }
    let kind = FileKind(mode: status.st_mode)
    guard kind == .regularFile else {
      throw FileError("cannot save to \(path): it is \(kind.phrase); save replaces regular files only")
    }
    let permissions = status.st_mode & 0o7777
    // `access` alone lets root write anything: a file nobody may write is read-only to root too.
    guard permissions & 0o222 != 0, access(path, W_OK) == 0 else {
      throw FileError(
        "cannot save to \(path): it is read-only (mode \(octalMode(permissions))); "
          + "make it writable (chmod u+w) or save to another file")
    }
    // The file's other names would keep the old contents: say so rather than split them.
    guard status.st_nlink <= 1 else {
      let others = Int(status.st_nlink) - 1
      throw FileError(
        "cannot save to \(path): it has \(others) other name\(others == 1 ? "" : "s") (hard links), which would keep "
          + "the old contents; save to another file")
    }
    return permissions
  }

  private static func tooLarge(_ path: String, limit: Int) -> FileError {
    let size = limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB (\(limit) bytes)" : "\(limit) bytes"
    return failure(path, "it is larger than the limit of \(size)")
  }

  private static func failure(_ path: String, _ reason: String) -> FileError {
    FileError("cannot read \(path): \(reason)")
  }
}
