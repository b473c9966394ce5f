#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that a failed or interrupted write never damages what was there: the
/// bytes go to a temporary file beside the target, are flushed to disk, and only then
/// replace the target by an atomic rename. Only a regular file that may be written is ever
/// replaced (``RegularFile/checkReplaceable(_:)``): never a symbolic link, a FIFO, a device,
/// a directory or a read-only file; and only one the caller's check accepts (a session file
/// for `save`).
///
/// - The replacement has its final permission bits from the moment it is created: those of
///   the file it replaces (a `0600` session stays private), or those asked for (a discovery
///   file's `0600`), never more while it is written. A new file gets `0644`, less the umask,
///   unless asked otherwise.
/// - The replacement is a new file, which belongs to the user who saved it. So a file with
///   other hard links is refused: they would go on naming the old contents.
/// - The temporary file's name is short and fixed in length (`.sluice-` and 16 hexadecimal
///   digits, `.tmp`), so any name that fits the folder can be saved; it is removed when the
///   save fails.
package enum AtomicFile {
  /// The permission bits a saved file gets.
  package enum Mode: Sendable {
    /// Those of the file it replaces; `0644`, less the umask, for a new file.
    case keepingReplaced
    /// Exactly these, whatever the umask and whatever was there (`0o600`: private).
    case exactly(mode_t)
  }

  /// Writes `bytes` to `path`, replacing any file there only once they are safely on disk.
  ///
  /// - Parameters:
  ///   - mode: The permission bits the file gets.
  ///   - check: Throws unless the regular file at `path` may be replaced by this save: called
  ///     only when there is one.
  ///   - createdTemporary: Called with the temporary file's path as soon as it is created,
  ///     before anything is written to it: a test's look at the file as it is then.
  package static func save(
    _ bytes: [UInt8], to path: String, mode: Mode = .keepingReplaced,
    checkingReplaced check: (String) throws(FileError) -> Void = { _ throws(FileError) in },
    createdTemporary: (String) -> Void = { _ in }
  ) throws(FileError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !name.isEmpty else { throw FileError("cannot save to \(path): it names a directory") }
    let replacedMode = try RegularFile.checkReplaceable(path)
    if replacedMode != nil { try check(path) }
    let finalMode: mode_t? =
      switch mode {
      case .keepingReplaced: replacedMode.map { $0 & 0o777 }
      case .exactly(let bits): bits & 0o777
      }
    let (temporary, descriptor) = try createTemporary(in: directory, for: path, mode: finalMode ?? 0o644)
    createdTemporary(temporary)
    // The umask may have taken bits away from the mode asked for: give them back (this only
    // adds what the replaced file, or the caller, allowed).
    if let finalMode, fchmod(descriptor, finalMode) != 0 {
      let message = errorText()
      close(descriptor)
      unlink(temporary)
      throw FileError("cannot save to \(path): \(message) (setting its mode \(octalMode(finalMode)))")
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
        throw FileError("cannot save to \(path): \(message)")
      }
      written += result
    }
    guard fsync(descriptor) == 0 else {
      let message = errorText()
      close(descriptor)
      unlink(temporary)
      throw FileError("cannot save to \(path): \(message) (flushing to disk)")
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
      throw FileError("cannot save to \(path): \(message)")
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
  ) throws(FileError) -> (path: String, descriptor: Int32) {
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
    throw FileError("cannot save to \(path): \(errorText()) (creating a file in \(directory))")
  }
}
