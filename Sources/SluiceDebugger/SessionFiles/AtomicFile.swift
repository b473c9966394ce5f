#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that a failed or interrupted write never damages what was there: the
/// bytes go to a temporary file beside the target, are flushed to disk, and only then
/// replace the target by an atomic rename.
enum AtomicFile {
  /// Writes `bytes` to `path`, replacing any file there only once they are safely on disk.
  static func save(_ bytes: [UInt8], to path: String) throws(DebugError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !name.isEmpty else { throw DebugError("cannot save to \(path): it names a directory") }
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

  /// Reads the whole file at `path`.
  static func contents(of path: String) throws(DebugError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw DebugError("cannot read \(path): \(errorText())") }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw DebugError("cannot read \(path): \(errorText())")
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  private static func errorText() -> String {
    String(cString: strerror(errno))
  }
}

