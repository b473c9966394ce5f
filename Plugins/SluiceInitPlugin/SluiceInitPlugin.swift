import Foundation
import PackagePlugin

/// `swift package sluice-init`: runs `sluice-init` on the package the command is run in, with
/// the arguments given (`--page`, `--update`, `--dry-run`…).
///
/// Why a plugin beside the executable: SwiftPM builds a plugin's tool for the build machine,
/// as it builds macros, so a package whose features use `@Feature` builds swift-syntax once
/// for both; `swift run sluice-init` builds it a second time, for the target.
@main
struct SluiceInitPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "sluice-init")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = ["--package-path", context.package.directoryURL.path] + arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw SluiceInitFailed(status: process.terminationStatus)
    }
  }
}

/// `sluice-init` failed; it said why on standard error.
struct SluiceInitFailed: Error, CustomStringConvertible {
  let status: Int32
  var description: String { "sluice-init failed (exit status \(status)); it says why above" }
}
