import Foundation
import SluiceDebugger
import SluiceFiles

/// A script to run: its lines, the name messages use, and the folder relative file names
/// in it are resolved against.
public struct ScriptSource: Sendable, Equatable {
  /// How messages name it: the path as given, or `<stdin>`.
  public var name: String
  /// The lines, without their line breaks.
  public var lines: [String]
  /// The folder `save`, `load` and `source` resolve relative names against; `nil` for the
  /// current directory.
  public var directory: String?
  /// Where the first bytes that are not UTF-8 are, if any: ``lines`` ends before that line,
  /// and a run stops there with an error, after running the lines before it.
  public var invalidText: ScriptLocation?

  /// Creates a script from text.
  public init(name: String, text: String, directory: String? = nil) {
    self.name = name
    lines = Self.lines(of: text)
    self.directory = directory
  }

  /// Creates a script from bytes that should be UTF-8: the lines up to the first that is not
  /// are kept, and ``invalidText`` says where that one goes wrong.
  public init(name: String, bytes: [UInt8], directory: String? = nil) {
    self.name = name
    self.directory = directory
    let (lines, invalid) = bytes.withUnsafeBufferPointer { Self.lines(ofBytes: $0) }
    self.lines = lines
    invalidText = invalid.map { ScriptLocation(file: name, line: $0.line, column: $0.column) }
  }

  /// `text` split where a Character is a newline (`Character.isNewline`), as
  /// `split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)` would, but by
  /// scanning UTF-8 bytes: grapheme breaking cost more than running a `send` line.
  ///
  /// Byte by byte is the same split because every newline scalar (LF, VT, FF, CR, NEL,
  /// U+2028, U+2029) is a character on its own, grapheme breaks falling before and after
  /// it, except CR LF, which is one character and so one line end.
  static func lines(of text: String) -> [String] {
    var text = text
    return text.withUTF8 { lines(ofBytes: $0).lines }
  }

  /// The lines of `bytes`, up to the first that is not UTF-8, and where in that line (1-based
  /// line and column in characters) the bytes stop being UTF-8.
  private static func lines(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> (
    lines: [String], invalid: (line: Int, column: Int)?
  ) {
    var lines: [String] = []
    var start = 0
    var index = 0
    func addLine(_ end: Int) -> (line: Int, column: Int)? {
      let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
      guard let text = String(validating: line, as: UTF8.self) else {
        return (lines.count + 1, UTF8Prefix.validCharacterCount(line) + 1)
      }
      lines.append(text)
      return nil
    }
    while index < bytes.count {
      let width = newlineWidth(at: index, in: bytes)
      guard width > 0 else {
        index += 1
        continue
      }
      if let invalid = addLine(index) { return (lines, invalid) }
      index += width
      start = index
    }
    let invalid = addLine(bytes.count)
    return (lines, invalid)
  }

  /// The length in bytes of the line end at `index`, or 0 when none is there.
  private static func newlineWidth(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    func byte(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
    switch bytes[index] {
    case 0x0A, 0x0B, 0x0C: return 1
    case 0x0D: return byte(1) == 0x0A ? 2 : 1
    case 0xC2: return byte(1) == 0x85 ? 2 : 0  // U+0085 NEXT LINE
    case 0xE2:  // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
      return byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9) ? 3 : 0
    default: return 0
    }
  }

  /// Reads the script at `path`.
  ///
  /// - Throws: A message naming the file and why it cannot be read.
  public init(contentsOf path: String) throws(DebugError) {
    let bytes = try DebugError.file { () throws(FileError) in try RegularFile.contents(of: path, limit: RegularFile.scriptLimit) }
    if FileContents.looksLikeSessionFile(bytes) {
      throw DebugError("\(path) is a session file, not a script: restore it with `load \(path)`")
    }
    self.init(name: path, bytes: bytes, directory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
  }

  /// `path` as written when absolute or when there is no folder, else under `directory`.
  public func resolve(_ path: String) -> String {
    guard let directory, !path.hasPrefix("/"), !path.hasPrefix("~") else {
      return (path as NSString).expandingTildeInPath
    }
    return URL(fileURLWithPath: directory).appendingPathComponent(path).path
  }
}
