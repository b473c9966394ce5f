import ArgumentParser
import Foundation
import SluiceDebugger

/// The `sluice` command line: `sluice run FILE... [--feature NAME] [--json] [--virtual-clock]`.
///
/// A package debugs its own features with a small executable target that registers them:
///
/// ```swift
/// import SluiceCLI
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
  /// The command's name, help text and its one subcommand, `run`.
  public static let configuration = CommandConfiguration(
    commandName: "sluice",
    abstract: "A REPL and debugger for Sluice stores.",
    discussion: """
      The interactive shell is not built yet. Run scripts of debugger commands with \
      `sluice run FILE...`; `sluice run --help` explains them.
      """,
    subcommands: [RunScripts.self])

  /// Creates the command; ArgumentParser fills it in.
  public init() {}

  /// Runs `sluice` with the process's arguments and exits with its status.
  ///
  /// - Parameter registry: The features the debugger can load; the first is used unless
  ///   `--feature` or a script's `use` names another.
  @MainActor
  public static func main(registry: FeatureRegistry) async -> Never {
    let status = await execute(
      arguments: Array(CommandLine.arguments.dropFirst()), registry: registry, output: StandardScriptOutput())
    Foundation.exit(status)
  }

  /// Runs `sluice` with `arguments` (without the program name), writing to `output`.
  ///
  /// - Returns: The exit status: 0 every expectation held, 1 one failed, 2 bad usage, a line
  ///   that does not parse, or a command that failed.
  @MainActor
  public static func execute(arguments: [String], registry: FeatureRegistry, output: any ScriptOutput) async -> Int32 {
    let command: any ParsableCommand
    do {
      command = try parseAsRoot(arguments)
    } catch {
      return report(error, output: output)
    }
    if let run = command as? RunScripts {
      return await run.execute(registry: registry, output: output).rawValue
    }
    if command is SluiceCommand {
      // No subcommand: the shell is not there yet; say what is.
      for line in helpMessage().split(separator: "\n", omittingEmptySubsequences: false) {
        output.write(String(line), to: .standardError)
      }
      return ScriptExitStatus.error.rawValue
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

  /// Without a subcommand: the shell is not there yet, and `sluice run` is.
  public mutating func run() throws {
    throw CleanExit.helpRequest(self)
  }
}
