#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and writing the small files of the runtime folder and the token file: regular files
/// only, read up to a bound, never waiting on a FIFO, written whole or not at all.
package enum PrivateFile {
  /// The bytes of the regular file at `path` and its status, refusing a symbolic link, anything
  /// that is not a regular file, or more than `limit` bytes.
  package static func contents(of path: String, limit: Int) throws(AgentError) -> (bytes: [UInt8], status: stat) {
    guard let before = linkStatus(path) else { throw AgentError("cannot read \(path): \(errorText())") }
    try checkRegular(before, path: path, limit: limit)
    // O_NONBLOCK: a file swapped for a FIFO since lstat cannot make open wait for a writer.
    // O_NOFOLLOW: nor can one swapped for a symbolic link be followed.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { throw AgentError("cannot open \(path): \(errorText())") }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw AgentError("cannot examine \(path): \(errorText())") }
    try checkRegular(status, path: path, limit: limit)

    // One byte more than the limit, to tell a file that grew past it since fstat.
    var bytes = [UInt8](repeating: 0, count: limit + 1)
    var count = 0
    while count < bytes.count {
      let result = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw AgentError("cannot read \(path): \(errorText())")
      }
      if result == 0 { break }
      count += result
    }
    guard count <= limit else { throw AgentError("\(path) is larger than \(limit) bytes") }
    bytes.removeSubrange(count...)
    return (bytes, status)
  }

  private static func checkRegular(_ status: stat, path: String, limit: Int) throws(AgentError) {
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw AgentError("\(path) is \(fileKind(status.st_mode)), not a regular file")
    }
    guard status.st_size <= limit else { throw AgentError("\(path) is larger than \(limit) bytes") }
  }

  /// Replaces the file at `path` with `bytes`, mode 0600: written to a new file in the same
  /// folder and renamed over it, so that a reader sees the old file or the new one, never half.
  package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(AgentError) {
    let temporary = path + ".\(getpid()).\(UInt32.random(in: 0 ... .max)).tmp"
    // O_EXCL | O_NOFOLLOW: never write through a file or link someone else put there.
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw AgentError("cannot create \(temporary): \(errorText())") }
    var failure: AgentError?
    // The umask can only have taken bits away; fchmod makes the mode exactly 0600.
    if fchmod(descriptor, 0o600) != 0 { failure = AgentError("cannot set the mode of \(temporary): \(errorText())") }
    var written = 0
    while failure == nil, written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress! + written, bytes.count - written)
      }
      if result < 0, errno != EINTR { failure = AgentError("cannot write \(temporary): \(errorText())") }
      if result > 0 { written += result }
    }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 {
      failure = AgentError("cannot rename \(temporary) to \(path): \(errorText())")
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }
}
