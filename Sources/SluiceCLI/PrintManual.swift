import ArgumentParser
import SluiceDebugger
import SluiceReporting

/// `sluice manual`: the manual page, in roff, written from the command line's options and
/// the table of commands, so it cannot fall behind either: `sluice manual > sluice.1`.
struct PrintManual: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "manual",
    abstract: "Print the manual page (roff), generated from the options and the command table.")

  @MainActor
  func execute(output: any ScriptOutput) {
    for line in ManualPage.lines(program: SluiceCommand.programName) { output.write(line, to: .standardOutput) }
  }
}
