import ArgumentParser
import Foundation
import SluiceDebugger
import SluiceReporting
import SluiceShell

/// The `sluice` command line: `sluice [shell] [--feature NAME] [--no-color] [--virtual-clock]`
/// starts the interactive shell; `sluice run FILE... [--feature NAME] [--json]
/// [--virtual-clock]` runs scripts.
///
/// A package debugs its own features with a small executable target that registers them:
///
/// ```swift
/// import Cart
/// import SluiceCLI
/// import SluiceDebugger
///
/// @main struct MyDebugger {
///   static func main() async {
///     await SluiceCommand.main(registry: FeatureRegistry([
///       Feature("cart", summary: "The cart", initialState: Cart.State()) { _ in Cart() },
///     ]))
///   }
/// }
/// ```
public struct SluiceCommand: ParsableCommand {
  /// The command's name, help text, version and subcommands. All speak of the running
  /// binary (a user's own debugger, `cart-debugger`, speaks of itself) and of the features
  /// it registered.
  public static var configuration: CommandConfiguration {
    let program = programName
    let features = RegisteredFeatures.names
    return CommandConfiguration(
      commandName: program,
      abstract: "A REPL and debugger for Sluice stores.",
      discussion: """
        Without a subcommand, starts the interactive shell on the registered features \
        (`\(program) shell --help` lists its options); `help` in it lists the commands. When \
        standard input is not a terminal, the lines it brings run exactly as `\(program) run -` \
        runs them. `\(program) run --help` explains scripts.

        Registered features: \(features.isEmpty ? "none" : features.joined(separator: ", ")).
        """,
      version: versionText(program: program, features: features),
      subcommands: [
        StartShell.self, RunScripts.self, ServeSession.self, AttachToProgram.self, ExportSessionTest.self,
        ExportSessionTrace.self, ShrinkSessionFile.self, DebugAdapterCommand.self, PrintManual.self,
      ],
      defaultSubcommand: StartShell.self)
  }

  /// Sluice's version, as `--version` prints it.
  public static let version = "0.1.0"

  /// The day ``version`` was released: the date of the manual page, which documents that
  /// version. A fixed date rather than the day the page is printed, so the same binary
  /// always prints the same page (reproducible, and comparable in a test).
  public static let versionDate = "2026-11-23"

  /// What `--version` prints: the program and the Sluice it is built on (one name when the
  /// program is `sluice` itself), then the features it registered.
  static func versionText(program: String, features: [String]) -> String {
    let name = program == "sluice" ? "sluice \(version)" : "\(program) (Sluice \(version))"
    return name + "\nfeatures: " + (features.isEmpty ? "none" : features.joined(separator: ", "))
  }

  /// The name the program was started by, without its folder.
  static var programName: String {
    let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
    return name.isEmpty ? "sluice" : name
  }

  /// Creates the command; ArgumentParser fills it in.
  public init() {}

  /// Runs `sluice` with the process's arguments and exits with its status.
  ///
  /// - Parameters:
  ///   - registry: The features the debugger can load; the first is used unless `--feature`
  ///     or a script's `use` names another.
  ///   - page: The browser's timeline page (`serve`, `ui`): `.timeline` from the
  ///     `SluiceServe` product, which a debugger links only if it wants the page. Without
  ///     it, the debugger builds no web server, and `serve` and `ui` say how to add it.
  @MainActor
  public static func main(registry: FeatureRegistry, page: PageSupport? = nil) async -> Never {
    let status = await execute(
      arguments: Array(CommandLine.arguments.dropFirst()), registry: registry, output: StandardScriptOutput(),
      page: page)
    Foundation.exit(status)
  }

  /// Runs `sluice` with `arguments` (without the program name), writing to `output`; `page`
  /// serves the browser's page, as in ``main(registry:page:)``.
  ///
  /// - Returns: The exit status: 0 every expectation held, 1 one failed (or a cycle was
  ///   broken, a job failed, a `wait` ended with work running), 2 bad usage, a line that does
  ///   not parse, or a command that failed.
  @MainActor
  public static func execute(
    arguments: [String], registry: FeatureRegistry, output: any ScriptOutput, page: PageSupport? = nil
  ) async -> Int32 {
    RegisteredFeatures.set(registry.features.map(\.name))
    let command: any ParsableCommand
    do {
      command = try parseAsRoot(arguments)
    } catch {
      return report(error, output: output)
    }
    if let run = command as? RunScripts {
      return await run.execute(registry: registry, output: output).rawValue
    }
    if let attach = command as? AttachToProgram {
      return await attach.execute(output: output, page: page).rawValue
    }
    if let export = command as? ExportSessionTest {
      return export.execute(registry: registry, output: output).rawValue
    }
    if let shrink = command as? ShrinkSessionFile {
      return await shrink.execute(registry: registry, output: output).rawValue
    }
    if let export = command as? ExportSessionTrace {
      return export.execute(registry: registry, output: output).rawValue
    }
    if let serve = command as? ServeSession {
      return await serve.execute(registry: registry, arguments: arguments, output: output, page: page)
    }
    if let shell = command as? StartShell {
      return await shell.execute(registry: registry, arguments: arguments, output: output, page: page)
    }
    if let adapter = command as? DebugAdapterCommand {
      return await adapter.execute(registry: registry, output: output)
    }
    if let manual = command as? PrintManual {
      manual.execute(registry: registry, output: output)
      return 0
    }
    // ArgumentParser's own commands (`help`, `--help`) report by throwing a clean exit.
    var builtIn = command
    do {
      try builtIn.run()
    } catch {
      return report(error, output: output)
    }
    return 0
  }

  /// Help goes to standard output with status 0; usage errors to standard error with 2.
  @MainActor
  private static func report(_ error: any Error, output: any ScriptOutput) -> Int32 {
    let message = fullMessage(for: error)
    let isHelp = exitCode(for: error) == .success
    for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
      output.write(String(line), to: isHelp ? .standardOutput : .standardError)
    }
    return isHelp ? 0 : ScriptExitStatus.error.rawValue
  }

  /// Reached only through `help`: the shell is the default subcommand.
  public mutating func run() throws {
    throw CleanExit.helpRequest(self)
  }
}
