import ArgumentParser
import Foundation
import SluiceInit

/// `sluice-init`: writes a debugger target for the features in the current package.
struct SluiceInitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sluice-init",
    abstract: "Add a debugger executable that registers this package's features.",
    discussion: """
      Finds every public struct in Sources/ marked @Feature or conforming to Reducer, writes \
      a library registering each (Sources/REGISTRY/Features.swift, which tests exported from \
      a session import) and the debugger on it (Sources/TARGET/main.swift), and adds both \
      targets to Package.swift (TARGET is my-shop-debugger and REGISTRY MyShopDebuggerRegistry \
      for a package MyShop). Then `swift run TARGET` starts the debugger shell on them and \
      `swift run TARGET run FILE` runs a script. The debugger builds no web server: --page \
      adds the browser's timeline page (`TARGET serve`, `ui` in the shell), which builds \
      SwiftNIO and Hummingbird too. Nothing is overwritten: an existing target or \
      file of either name stops it, and a manifest that does not parse or cannot be written is \
      left as it was; so is one past 1 MiB, one whose brackets nest more than 12 deep, and one \
      with a Package(…) per platform (#if … #else), each refused saying where.

      --update adds the features found since: only between the \
      `// sluice-init: begin registrations` and `end registrations` lines of the registry's \
      file (or of the main.swift of a debugger an earlier sluice-init wrote), and its imports \
      and dependencies; a feature registered anywhere in the file, or named by a \
      `// sluice-init: feature NAME` marker, is left alone, and so is every other line. The \
      markers count only as comments of the code, not as text in a block comment or a string \
      literal; a registry file that does not parse is refused at its error.

      A feature that reads swift-dependencies is registered with the values it runs on, \
      `Feature(…, dependencies: { values in values.inventory = .liveValue }, …)`, one line per \
      client of the package it reads: the debugger, its tests and the tests `export test` \
      writes all run it, and its middleware, on those. --update lists each registered feature \
      that reads swift-dependencies without stating them (no `dependencies:`), with its \
      file:line and the lines to write. --update --control rewrites the ones sluice-init owns \
      (between the markers, in the form it wrote them) into that form, keeping their names and \
      summaries, and adds the imports and dependencies they need; one you wrote or changed is \
      only listed. --dry-run prints the rewrite instead; a second run changes nothing.
      """)

  @Option(help: "The package's folder.")
  var packagePath = "."

  @Option(help: "The debugger target's name (default: the package's name, then -debugger).")
  var targetName: String?

  @Flag(help: "Serve the session's timeline in the browser (`serve`, `ui`): links SluiceServe, which builds SwiftNIO and Hummingbird.")
  var page = false

  @Flag(help: "Print what would be written, and write nothing.")
  var dryRun = false

  @Flag(help: "Add newly found features to the existing debugger target, keeping your edits; list registrations that do not state their dependency values.")
  var update = false

  @Flag(help: "With --update: rewrite sluice-init's registrations that do not state their dependency values.")
  var control = false

  func validate() throws {
    if page && update {
      throw ValidationError("--page writes a new debugger target; to add the page to yours, add the SluiceServe product to its dependencies and pass `page: .timeline` to SluiceCommand.main")
    }
    if control && !update {
      throw ValidationError("--control rewrites the registrations of an existing debugger target: use it with --update")
    }
  }

  func run() throws {
    var run = SluiceInitRun(packagePath: packagePath, targetName: targetName, dryRun: dryRun, update: update)
    run.control = control
    run.withPage = page
    let report = try run.perform()
    for warning in report.warnings { FileHandle.standardError.write(Data("\(warning)\n".utf8)) }
    for line in report.output { print(line) }
  }
}

SluiceInitCommand.main()
