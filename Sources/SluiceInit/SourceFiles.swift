import Foundation
import SluiceFiles

/// The Swift files of a package's modules, `Sources/MODULE/…`, as `sluice-init` scans them.
enum SourceFiles {
  /// The largest source file read: a generated data file past it is skipped.
  static let limit = 8 << 20

  /// Every Swift file under `Sources/MODULE/`, by module, and a warning for each skipped:
  /// one that is not UTF-8, too large, or nested too deeply to parse in reasonable time.
  static func read(under root: URL) -> (files: [DebuggerTargetPlan.SourceFile], skipped: [String]) {
    let sourcesFolder = root.appendingPathComponent("Sources")
    let modules = (try? FileManager.default.contentsOfDirectory(atPath: sourcesFolder.path)) ?? []
    var files: [DebuggerTargetPlan.SourceFile] = []
    var skipped: [String] = []
    for module in modules.sorted() {
      let folder = sourcesFolder.appendingPathComponent(module)
      guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
      for case let relative as String in walker where relative.hasSuffix(".swift") {
        let path = "Sources/\(module)/\(relative)"
        guard let bytes = try? RegularFile.contents(of: folder.appendingPathComponent(relative).path, limit: limit),
          let text = String(validating: bytes, as: UTF8.self)
        else {
          skipped.append("\(path): warning: skipped: not a UTF-8 file of at most \(limit >> 20) MiB")
          continue
        }
        let depth = NestingDepth.of(text)
        guard depth <= NestingDepth.limit else {
          skipped.append(
            "\(path): warning: skipped: brackets nested \(depth) deep, past the \(NestingDepth.limit) swift-syntax parses in reasonable time")
          continue
        }
        files.append(.init(module: module, path: path, text: text))
      }
    }
    return (files, skipped)
  }
}
