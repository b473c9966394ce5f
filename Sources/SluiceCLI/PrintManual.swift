import ArgumentParser
import SluiceDebugger
import SluiceReporting

/// `sluice manual`: the manual page, in roff, written from the command line's options, the
/// table of commands and the registered features, so it cannot fall behind any of them:
/// `sluice manual > sluice.1`.
struct PrintManual: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "manual",
    abstract: "Print the manual page (roff), generated from the options and the command table.")

  @MainActor
  func execute(registry: FeatureRegistry, output: any ScriptOutput) {
    for line in ManualPage.lines(program: SluiceCommand.programName, registry: registry) {
      output.write(line, to: .standardOutput)
    }
  }
}
