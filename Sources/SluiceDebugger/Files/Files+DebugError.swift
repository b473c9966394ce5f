import SluiceFiles

extension AtomicFile {
  /// Writes `bytes` to `path` atomically, replacing only a file of `kind` (or an empty one):
  /// what `save`, `save breakpoints` and `export` write with.
  package static func save(
    _ bytes: [UInt8], to path: String, replacing kind: ReplacedKind, createdTemporary: (String) -> Void = { _ in }
  ) throws(DebugError) {
    try DebugError.file { () throws(FileError) in
      try save(bytes, to: path, checkingReplaced: kind.checkIsOfKind, createdTemporary: createdTemporary)
    }
  }
}

extension DebugError {
  /// The error a file could not be read or written with, as a command's error.
  package init(_ error: FileError) {
    self.init(error.message)
  }

  /// Runs `access`, which reads or writes a file, saying its error as a command's.
  package static func file<T>(_ access: () throws(FileError) -> T) throws(DebugError) -> T {
    do {
      return try access()
    } catch {
      throw DebugError(error)
    }
  }
}
