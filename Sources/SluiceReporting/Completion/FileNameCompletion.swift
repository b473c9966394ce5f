import Foundation

/// Completes a file name: entries of the folder typed so far whose names start with the
/// rest; folders end in `/` and take no space, so completing can go on inside them.
enum FileNameCompletion {
  /// The most entries offered.
  static let limit = 200

  /// The candidates for the partly typed `path`, relative to `directory` unless absolute
  /// or starting with `~`.
  static func candidates(for path: String, in directory: String = FileManager.default.currentDirectoryPath)
    -> [Completion]
  {
    let slash = path.lastIndex(of: "/")
    let folderText = slash.map { String(path[...$0]) } ?? ""
    let namePrefix = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let folder = resolve(folderText.isEmpty ? "." : folderText, in: directory)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
    return names
      .filter { $0.hasPrefix(namePrefix) && (namePrefix.hasPrefix(".") || !$0.hasPrefix(".")) }
      .sorted()
      .prefix(limit)
      .map { name in
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder)
        let shown = isFolder.boolValue ? name + "/" : name
        return Completion(folderText + shown, display: shown, isFinal: !isFolder.boolValue)
      }
  }

  private static func resolve(_ folder: String, in directory: String) -> String {
    if folder.hasPrefix("/") { return folder }
    if folder.hasPrefix("~") { return (folder as NSString).expandingTildeInPath }
    return directory + "/" + folder
  }
}
