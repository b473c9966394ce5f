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
      a library registering each (Sources/REGISTRY/Features.swift, which tests exported from
      a session import) and the debugger on it (Sources/TARGET/main.swift), and adds both
      targets to Package.swift (TARGET is my-shop-debugger and REGISTRY MyShopDebuggerRegistry
      for a package MyShop). Then `swift run TARGET` starts the debugger shell on them and
      `swift run TARGET run FILE` runs a script. Nothing is overwritten: an existing target or
      file of either name stops it, and a manifest that does not parse or cannot be written is
      left as it was; so is one past 1 MiB, one whose brackets nest more than 12 deep, and one
      with a Package(…) per platform (#if … #else), each refused saying where.

      --update adds the features found since: only between the
      `// sluice-init: begin registrations` and `end registrations` lines of the registry's
      file (or of the main.swift of a debugger an earlier sluice-init wrote), and its imports
      and dependencies; a feature registered anywhere in the file, or named by a
      `// sluice-init: feature NAME` marker, is left alone, and so is every other line. The
      markers count only as comments of the code, not as text in a block comment or a string
      literal; a registry file that does not parse is refused at its error.
      """)

  @Option(help: "The package's folder.")
  var packagePath = "."

  @Option(help: "The debugger target's name (default: the package's name, then -debugger).")
  var targetName: String?

  @Flag(help: "Print what would be written, and write nothing.")
  var dryRun = false

  @Flag(help: "Add newly found features to the existing debugger target, keeping your edits.")
  var update = false

  func run() throws {
    let report = try SluiceInitRun(packagePath: packagePath, targetName: targetName, dryRun: dryRun, update: update).perform()
    for warning in report.warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
    for line in report.output { print(line) }
  }
}

SluiceInitCommand.main()
