import ArgumentParser
import Foundation
import SluiceDebugger
import SluiceReporting
import SluiceShell

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `sluice shrink SESSION_FILE --until CONDITION`: a saved session whose last state
/// satisfies a condition (or that warned of a cycle), shrunk to the fewest actions that
/// still do, saved as a session, a test, or both.
struct ShrinkSessionFile: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shrink",
    abstract: "Shrink a saved session to the fewest actions that still fail, and save it or write it as a test.",
    discussion: """
      Replays subsets of the actions the user, a script or the program sent (with effects, \
      jobs and timers running, on virtual time, each action fed the values it read), and \
      keeps the smallest whose last state still satisfies --until, or, without it, that \
      still warns of the cycle the session warned of first (with none, whose job that failed \
      still fails). The search is delta debugging \
      (ddmin): when it runs to its end, no single action kept can be removed. It stops at \
      --budget replays, or at Ctrl-C, with the smallest failing set found so far. Prints \
      what it kept; -o saves the shrunk session, --export-test writes it as a Swift Testing \
      test that fails for the same reason.
      """)

  @Argument(help: ArgumentHelp("The session file.", valueName: "session-file"))
  var sessionFile: String

  @Option(help: ArgumentHelp("The failure to keep: a condition the last state satisfies, as `count < 0`.", valueName: "condition"))
  var until: String?

  @Option(help: ArgumentHelp("The most replays to run.", valueName: "count"))
  var budget = Command.defaultShrinkBudget

  @Option(name: [.short, .long], help: ArgumentHelp("Save the shrunk session to this file.", valueName: "file"))
  var output: String?

  @Option(help: ArgumentHelp("Write the shrunk session as a Swift Testing test to this file.", valueName: "file"))
  var exportTest: String?

  @OptionGroup var featureChoice: FeatureOption<LoadingFeature>

  /// Shrinks; returns the exit status.
  @MainActor
  func execute(registry: FeatureRegistry, output sink: any ScriptOutput) async -> ScriptExitStatus {
    let debugger = Debugger.exporting(registry: registry)
    // Ctrl-C ends the search with the best found so far, as in the shell.
    let pauseRequest = debugger.currentPauseRequest
    let signals = ShellSignals(
      interruptAtOnce: { pauseRequest.raise() }, interrupt: { debugger.current?.running.pause() },
      terminate: { _ in pauseRequest.raise() })
    defer { withExtendedLifetime(signals) {} }
    let progressLine = ProgressLine(isTerminal: isatty(STDERR_FILENO) == 1) { text in
      try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
    do throws(DebugError) {
      let (answer, session) = try await debugger.shrink(
        sessionFile: sessionFile, until: until, budget: budget, feature: featureChoice.feature
      ) { progress in
        progressLine.show(progress.line)
      }
      progressLine.clear()
      for line in answer.lines(in: TextRenderer()) { sink.write(line.text, to: .standardOutput) }
      if let output {
        try session.files.save(to: output)
        sink.write("saved the shrunk session to \(output)", to: .standardError)
      }
      if let exportTest {
        guard let registryName = registry.importedAs else { throw Debugger.unreachableRegistry }
        let name = URL(fileURLWithPath: exportTest).deletingPathExtension().lastPathComponent
        let file = URL(fileURLWithPath: sessionFile).lastPathComponent
        let test = ExportedTest(
          try session.files.describeTest(registry: registryName, origin: "the session file \(file), shrunk", name: name))
        try test.write(to: exportTest)
        for line in test.summary(path: exportTest) { sink.write(line, to: .standardError) }
      }
      return .success
    } catch {
      progressLine.clear()
      sink.write("error: \(error.message)", to: .standardError)
      return .error
    }
  }
}
