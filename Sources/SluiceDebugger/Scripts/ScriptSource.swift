import Foundation

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

  /// Creates a script from text.
  public init(name: String, text: String, directory: String? = nil) {
    self.name = name
    lines = Self.lines(of: text)
    self.directory = directory
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
    return text.withUTF8 { bytes in
      var lines: [String] = []
      var start = 0
      var index = 0
      while index < bytes.count {
        let width = newlineWidth(at: index, in: bytes)
        guard width > 0 else {
          index += 1
          continue
        }
        lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        index += width
        start = index
      }
      lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
      return lines
    }
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
    let url = URL(fileURLWithPath: path)
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw DebugError("cannot read \(path): \(Self.reason(error))")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw DebugError("cannot read \(path): it is not UTF-8 text")
    }
    self.init(name: path, text: text, directory: url.deletingLastPathComponent().path)
  }

  /// `path` as written when absolute or when there is no folder, else under `directory`.
  public func resolve(_ path: String) -> String {
    guard let directory, !path.hasPrefix("/"), !path.hasPrefix("~") else {
      return (path as NSString).expandingTildeInPath
    }
    return URL(fileURLWithPath: directory).appendingPathComponent(path).path
  }

  private static func reason(_ error: any Error) -> String {
    let error = error as NSError
    if error.domain == NSCocoaErrorDomain, error.code == NSFileReadNoSuchFileError { return "no such file" }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
  }
}
