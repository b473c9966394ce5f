import SluiceTesting
import Foundation
import Testing

/// A debugger script (a `.sluice` file) run as a Swift Testing test: each failed `expect`,
/// each error and each failure the script causes is recorded as an issue at the script's own
/// file, line and column, so `swift test`, Xcode and editors show it where it is.
///
/// One test case per script, over a folder:
///
/// ```swift
/// @Test(arguments: SluiceScript.in("Scripts"))
/// func script(_ script: SluiceScript) async {
///   await script.run(against: features)
/// }
/// ```
///
/// A folder is relative to the test file's own folder (or absolute). A folder that holds no
/// script, or cannot be read, gives one test case that fails saying so: a test over scripts
/// never passes by running none.
public struct SluiceScript: Sendable, Hashable, CustomTestStringConvertible, CustomStringConvertible {
  /// The script's path.
  public let path: String
  /// Why there is no script to run (an empty or unreadable folder), for the case that says so.
  let problem: String?

  /// The script at `path`, relative to the folder of the file that names it unless absolute.
  public init(_ path: String, relativeTo filePath: StaticString = #filePath) {
    self.path = Self.resolve(path, relativeTo: filePath)
    problem = nil
  }

  private init(path: String, problem: String?) {
    self.path = path
    self.problem = problem
  }

  /// The `.sluice` scripts in `folder` and the folders inside it, sorted by path; `folder`
  /// is relative to the folder of the file that names it unless absolute.
  public static func `in`(_ folder: String, relativeTo filePath: StaticString = #filePath) -> [SluiceScript] {
    let root = resolve(folder, relativeTo: filePath)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
      return [SluiceScript(path: root, problem: "\(root) is not a folder of scripts")]
    }
    guard let entries = try? FileManager.default.subpathsOfDirectory(atPath: root) else {
      return [SluiceScript(path: root, problem: "cannot read the folder \(root)")]
    }
    let scripts = entries.filter { $0.hasSuffix(".sluice") }.sorted().map { SluiceScript(path: root + "/" + $0, problem: nil) }
    return scripts.isEmpty ? [SluiceScript(path: root, problem: "\(root) holds no .sluice script")] : scripts
  }

  /// The script's file name: how the test case is listed.
  public var testDescription: String { URL(fileURLWithPath: path).lastPathComponent }

  /// The script's path.
  public var description: String { path }

  private static func resolve(_ path: String, relativeTo filePath: StaticString) -> String {
    let url =
      path.hasPrefix("/")
      ? URL(fileURLWithPath: path)
      : URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent(path)
    return url.standardizedFileURL.path
  }
}
