#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SluiceFiles

/// `Package.swift` as `sluice-init` reads and edits it: the text (a UTF-8 byte-order mark set
/// aside), and the file's contents rewritten in place, so that a symbolic link stays a link
/// to the edited file, a hard link stays shared, and the mode stays as it was.
package struct ManifestFile {
  /// The path as given.
  package let path: String
  /// The bytes as read.
  package let original: [UInt8]
  /// The text, without a byte-order mark.
  package let text: String
  /// Whether the file starts with a UTF-8 byte-order mark, kept when it is written.
  package let hasByteOrderMark: Bool

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
  /// The largest file read: the largest ``ParseGuard`` lets swift-syntax parse.
  private static let limit = ParseGuard.sizeLimit

  /// Reads the manifest at `path`: a regular file of UTF-8 text.
  package init(path: String) throws(ManifestEditor.Failure) {
    self.path = path
    do {
      original = try RegularFile.contents(of: path, limit: Self.limit)
    } catch {
      throw ManifestEditor.Failure(description: error.message)
    }
    hasByteOrderMark = original.starts(with: Self.byteOrderMark)
    let body = original.dropFirst(hasByteOrderMark ? 3 : 0)
    guard let text = String(validating: body, as: UTF8.self) else {
      throw ManifestEditor.Failure(description: "\(Self.invalidPlace(in: Array(body), path: path)): error: a byte here is not UTF-8; sluice-init reads UTF-8 manifests only")
    }
    self.text = text
  }

  /// The bytes `text` is written as: the byte-order mark first when the file had one.
  package func bytes(of text: String) -> [UInt8] {
    (hasByteOrderMark ? Self.byteOrderMark : []) + Array(text.utf8)
  }

  /// Refuses a manifest its owner cannot write, before anything is written.
  package func checkWritable() throws(ManifestEditor.Failure) {
    var status = stat()
    guard stat(path, &status) == 0 else { throw failure(errorText()) }
    guard status.st_mode & 0o200 != 0 else {
      let mode = String(status.st_mode & 0o777, radix: 8)
      throw failure("it is read-only (mode \(mode)), and sluice-init does not change a read-only file; make it writable (chmod u+w) and run again")
    }
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(errorText()) }
    close(descriptor)
  }

  /// Writes `bytes` over the file's contents, in place, from the first byte that differs,
  /// and flushes them to disk; on a failure the old contents are written back.
  package func write(_ bytes: [UInt8]) throws(ManifestEditor.Failure) {
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(errorText()) }
    defer { close(descriptor) }
    let start = zip(original, bytes).prefix { $0 == $1 }.count
    do throws(ManifestEditor.Failure) {
      try Self.write(bytes, from: start, to: descriptor, path: path)
    } catch {
      // Put back what was there; the error says why the edit failed.
      try? Self.write(original, from: start, to: descriptor, path: path)
      throw error
    }
  }

  private static func write(_ bytes: [UInt8], from start: Int, to descriptor: Int32, path: String) throws(ManifestEditor.Failure) {
    var written = start
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(written)) }
      if result < 0 {
        if errno == EINTR { continue }
        throw ManifestEditor.Failure(description: "cannot write \(path): \(errorText())")
      }
      written += result
    }
    guard ftruncate(descriptor, off_t(bytes.count)) == 0, fsync(descriptor) == 0 else {
      throw ManifestEditor.Failure(description: "cannot write \(path): \(errorText())")
    }
  }

  private func failure(_ reason: String) -> ManifestEditor.Failure {
    ManifestEditor.Failure(description: "cannot edit \(path): \(reason)")
  }

  /// `path:line:column` of the first byte that is not UTF-8.
  private static func invalidPlace(in bytes: [UInt8], path: String) -> String {
    var lineStart = 0
    var line = 1
    for (offset, byte) in bytes.enumerated() where byte == 0x0A {
      if String(validating: bytes[lineStart..<offset], as: UTF8.self) == nil { break }
      lineStart = offset + 1
      line += 1
    }
    let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
    let column = bytes[lineStart..<lineEnd].withUnsafeBufferPointer { UTF8Prefix.validCharacterCount($0) } + 1
    return "\(path):\(line):\(column)"
  }
}
