import ArgumentParser
import Foundation
import SluiceDebugger
import SluiceReporting

/// `sluice export-test SESSION_FILE`: a saved session (a flight recorder's included) written
/// as a Swift Testing test that replays it with `TestStore`.
struct ExportSessionTest: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export-test",
    abstract: "Write a saved session as a Swift Testing test that replays it with TestStore.",
    discussion: """
      The test builds its store from the registered feature (the registry must say how tests \
      reach it: FeatureRegistry([…], importedAs: "Module.name")), sends what the user sent, \
      receives what effects and middleware sent, in order, asserts each change as the \
      smallest assignments, advances virtual time where the session's moved, and ends with \
      finish(). What it cannot reproduce is said in a comment at that point and on standard \
      error. The name of the file written with -o names the test's suite.
      """)

  @OptionGroup var export: SessionFileExport

  /// Exports; returns the exit status.
  @MainActor
  func execute(registry: FeatureRegistry, output sink: any ScriptOutput) -> ScriptExitStatus {
    let debugger = Debugger.exporting(registry: registry)
    let name = export.output.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent } ?? "ExportedSessionTests"
    do {
      let exported = ExportedTest(
        try debugger.describeTest(fromSessionFile: export.sessionFile, name: name, feature: export.featureChoice.feature))
      if let output = export.output {
        try exported.write(to: output)
        for line in exported.summary(path: output) { sink.write(line, to: .standardError) }
      } else {
        sink.write(String(exported.source.dropLast()), to: .standardOutput)
        for note in exported.notes { sink.write("note: " + note, to: .standardError) }
      }
      return .success
    } catch {
      sink.write("error: \(error.message)", to: .standardError)
      return .error
    }
  }
}
