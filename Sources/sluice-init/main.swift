import ArgumentParser
import Foundation
import SluiceInit

/// `sluice-init`: writes a debugger target for the features in the current package.
struct SluiceInitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sluice-init",
    abstract: "Add a debugger executable that registers this package's features.",
    discussion: """
      Finds every public struct in Sources/ marked @Feature or conforming to Reducer, writes
      Sources/TARGET/main.swift registering each, and adds TARGET to Package.swift. Then
      `swift run TARGET` starts the debugger shell on them and `swift run TARGET run FILE`
      runs a script. Nothing is overwritten: an existing target or file of that name stops it.
      """)

  @Option(help: "The package's folder.")
  var packagePath = "."

  @Option(help: "The debugger target's name (default: the package's name, then -debugger).")
  var targetName: String?

  @Flag(help: "Print what would be written, and write nothing.")
  var dryRun = false

  func run() throws {
    let root = URL(fileURLWithPath: packagePath)
    let manifestURL = root.appendingPathComponent("Package.swift")
    let manifest: String
    do {
      manifest = try String(contentsOf: manifestURL, encoding: .utf8)
    } catch {
      throw ValidationError("cannot read \(manifestURL.path): is \(packagePath) a Swift package?")
    }
    let plan = try DebuggerTargetPlan(
      manifest: manifest, manifestPath: manifestURL.path, sources: try Self.sources(under: root), targetName: targetName)
    let mainFolder = root.appendingPathComponent("Sources/\(plan.targetName)")
    let mainURL = mainFolder.appendingPathComponent("main.swift")
    for warning in plan.skipped { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
    if dryRun {
      print("would write \(mainURL.path):\n\(plan.mainFile)\nwould add to Package.swift: target \(plan.targetName)")
      return
    }
    if FileManager.default.fileExists(atPath: mainFolder.path) {
      throw ValidationError("\(mainFolder.path) exists already; choose another name with --target-name")
    }
    try FileManager.default.createDirectory(at: mainFolder, withIntermediateDirectories: true)
    try Data(plan.mainFile.utf8).write(to: mainURL, options: .withoutOverwriting)
    try Data(plan.manifest.utf8).write(to: manifestURL, options: .atomic)
    print("registered \(plan.features.map { "\($0.registryName) (\($0.module).\($0.typeName))" }.joined(separator: ", "))")
    print("wrote \(mainURL.path) and added the target \(plan.targetName) to Package.swift")
    print("next: swift run \(plan.targetName)")
  }

  /// Every Swift file under `Sources/MODULE/`, by module.
  static func sources(under root: URL) throws -> [DebuggerTargetPlan.SourceFile] {
    let sourcesFolder = root.appendingPathComponent("Sources")
    let modules = (try? FileManager.default.contentsOfDirectory(atPath: sourcesFolder.path)) ?? []
    var files: [DebuggerTargetPlan.SourceFile] = []
    for module in modules.sorted() {
      let folder = sourcesFolder.appendingPathComponent(module)
      guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
      for case let relative as String in walker where relative.hasSuffix(".swift") {
        let file = folder.appendingPathComponent(relative)
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
        files.append(.init(module: module, path: "Sources/\(module)/\(relative)", text: text))
      }
    }
    return files
  }
}

SluiceInitCommand.main()
