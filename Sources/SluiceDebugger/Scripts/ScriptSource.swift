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
    // `\r\n` is one Character in Swift, and a newline: Windows line ends split correctly.
    lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    self.directory = directory
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
