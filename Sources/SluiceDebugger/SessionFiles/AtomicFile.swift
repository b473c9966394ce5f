#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that a failed or interrupted write never damages what was there: the
/// bytes go to a temporary file beside the target, are flushed to disk, and only then
/// replace the target by an atomic rename. Only a regular file is ever replaced
/// (``RegularFile/checkReplaceable(_:)``): never a symbolic link, a FIFO, a device or a folder.
enum AtomicFile {
  /// Writes `bytes` to `path`, replacing any file there only once they are safely on disk.
  static func save(_ bytes: [UInt8], to path: String) throws(DebugError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !name.isEmpty else { throw DebugError("cannot save to \(path): it names a directory") }
    try RegularFile.checkReplaceable(path)
    let random = UInt32.random(in: 0...UInt32.max)
    let temporary = "\(directory == "/" ? "" : directory)/.\(name).\(getpid()).\(random).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      throw DebugError("cannot save to \(path): \(errorText()) (creating a file in \(directory))")
    }
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress, buffer.count)
      }
      if result < 0 {
        if errno == EINTR { continue }
        let message = errorText()
        close(descriptor)
        unlink(temporary)
        throw DebugError("cannot save to \(path): \(message)")
      }
      written += result
    }
    guard fsync(descriptor) == 0 else {
      let message = errorText()
      close(descriptor)
      unlink(temporary)
      throw DebugError("cannot save to \(path): \(message) (flushing to disk)")
    }
    close(descriptor)
    // Checked again just before the rename, narrowing the time in which something else could
    // appear there to the rename itself.
    do {
      try RegularFile.checkReplaceable(path)
    } catch {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let message = errorText()
      unlink(temporary)
      throw DebugError("cannot save to \(path): \(message)")
    }
    // Make the rename itself durable.
    let directoryDescriptor = open(directory, O_RDONLY)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  private static func errorText() -> String {
    String(cString: strerror(errno))
  }
}

