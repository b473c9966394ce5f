#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that a failed or interrupted write never damages what was there: the
/// bytes go to a temporary file beside the target, are flushed to disk, and only then
/// replace the target by an atomic rename. Only a regular file that may be written is ever
/// replaced (``RegularFile/checkReplaceable(_:)``): never a symbolic link, a FIFO, a device,
/// a folder or a read-only file; and only one of the kind the save writes (``ReplacedKind``).
///
/// - The replacement keeps the permission bits of the file it replaces (a `0600` session
///   stays private), from the moment it is created: it is never readable by more users than
///   the file it replaces, not even while it is written. A new file gets `0644`, less the
///   umask.
/// - The replacement is a new file, which belongs to the user who saved it. So a file with
///   other hard links is refused: they would go on naming the old contents.
/// - The temporary file's name is short and fixed in length (`.sluice-` and 16 hexadecimal
///   digits, `.tmp`), so any name that fits the folder can be saved; it is removed when the
///   save fails.
package enum AtomicFile {
  /// Writes `bytes` to `path`, replacing any file there only once they are safely on disk.
  ///
  /// - Parameters:
  ///   - kind: What the file at `path`, if there is one, must be for the save to replace it.
  ///   - createdTemporary: Called with the temporary file's path as soon as it is created,
  ///     before anything is written to it: a test's look at the file as it is then.
  package static func save(
    _ bytes: [UInt8], to path: String, replacing kind: ReplacedKind, createdTemporary: (String) -> Void = { _ in }
  ) throws(DebugError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !name.isEmpty else { throw DebugError("cannot save to \(path): it names a directory") }
    let replacedMode = try RegularFile.checkReplaceable(path)
    if replacedMode != nil { try kind.checkIsOfKind(path) }
    let (temporary, descriptor) = try createTemporary(in: directory, for: path, mode: replacedMode.map { $0 & 0o777 } ?? 0o644)
    createdTemporary(temporary)
    // The umask may have taken bits away from the replaced file's mode: give them back (this
    // only adds what the replaced file allowed).
    if let replacedMode, fchmod(descriptor, replacedMode & 0o777) != 0 {
      let message = errorText()
      close(descriptor)
      unlink(temporary)
      throw DebugError("cannot save to \(path): \(message) (keeping its mode 0\(String(replacedMode & 0o777, radix: 8)))")
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

  /// Creates a new file in `directory` with a name no file there has, for the bytes of
  /// `path`, with permission bits `mode` (less the umask) from the start; the name is 28
  /// bytes whatever `path`'s is, well within `NAME_MAX`.
  private static func createTemporary(
    in directory: String, for path: String, mode: mode_t
  ) throws(DebugError) -> (path: String, descriptor: Int32) {
    let prefix = directory == "/" ? "/" : directory + "/"
    // A name taken already (another save in progress, a leftover of a killed one) is
    // unlikely; a few tries make a collision of random names negligible.
    for _ in 0..<8 {
      let random = UInt64.random(in: 0...UInt64.max)
      let digits = String(random, radix: 16)
      let temporary = prefix + ".sluice-" + String(repeating: "0", count: 16 - digits.count) + digits + ".tmp"
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if descriptor >= 0 { return (temporary, descriptor) }
      if errno != EEXIST { break }
    }
    throw DebugError("cannot save to \(path): \(errorText()) (creating a file in \(directory))")
  }

  private static func errorText() -> String {
    String(cString: strerror(errno))
  }
}

