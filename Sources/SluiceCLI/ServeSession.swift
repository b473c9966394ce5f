import ArgumentParser
import Foundation
import SluiceDebugger
import SluiceReporting
import SluiceShell

/// `sluice serve [FEATURE] [--port N] [--allow-files]`: the shell, as `sluice` starts it, with the session's
/// timeline served to a browser on this machine beside it.
struct ServeSession: ParsableCommand {
  static var configuration: CommandConfiguration {
    let program = SluiceCommand.programName
    return CommandConfiguration(
      commandName: "serve",
      abstract: "Start the shell with the session's timeline served to a browser on this machine.",
      discussion: """
        Prints the page's address, http://127.0.0.1:PORT/?token=…, then starts the shell on \
        the same session: what the page does (`jump` from its slider, a breakpoint from a \
        click) the shell shows, and what the shell does the page shows as it happens. The page \
        listens on 127.0.0.1 only; every request without the token in its address is refused, \
        and so is a WebSocket from any other page than this one (its Origin) or to any other \
        address (its Host); it sets no cookie. The page may not run the commands that read or \
        write files (save, load, source, export) unless --allow-files is given, or `ui \
        --allow-files` typed at the prompt. It is served until the shell quits. `ui` in \
        `\(program)`'s shell serves the same page and prints its address. With standard input \
        not a terminal, its lines run as `\(program) run -` runs them: the session, and the page, start once its first command \
        arrives (the comment lines before it may be a `# sluice:` header); the address goes to \
        standard error, and the page is served after the input ends, until SIGINT or SIGTERM.
        """)
  }

  @Argument(help: "The feature to start with (default: the first registered).", completion: RegisteredFeatures.completion)
  var featureName: String?

  @Option(help: ArgumentHelp("The port to serve the page on (default: a free one).", valueName: "N"))
  var port: Int = 0

  @Flag(
    help: ArgumentHelp(
      "Let the page run the commands that read and write files (save, load, source, export): without it, a page may not, "
        + "and `ui --allow-files` at the prompt allows it later."))
  var allowFiles = false

  @OptionGroup var shell: StartShell

  func validate() throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port takes a port from 0 to 65535, not \(port)") }
    if featureName != nil, shell.featureChoice.feature != nil {
      throw ValidationError("name the feature once: as the argument or with --feature")
    }
  }

  @MainActor
  func execute(registry: FeatureRegistry, arguments: [String], output: any ScriptOutput, page: PageSupport?) async
    -> Int32
  {
    guard let page else {
      output.write("error: \(PageSupport.notLinked)", to: .standardError)
      return ScriptExitStatus.error.rawValue
    }
    var shell = self.shell
    if let featureName { shell.featureChoice.feature = featureName }
    return await shell.execute(
      registry: registry, arguments: arguments, output: output, page: page, servingOn: port, allowingFiles: allowFiles)
  }
}
