import ArgumentParser
import Foundation
import SluiceDebugger
import SluiceReporting

/// `sluice export-trace SESSION_FILE`: a saved session (a flight recorder's included) as a
/// trace in the Trace Event Format, for Perfetto and `chrome://tracing`.
struct ExportSessionTrace: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export-trace",
    abstract: "Write a saved session as a trace that Perfetto and chrome://tracing open.",
    discussion: """
      The trace is in the Trace Event Format: each reduction a slice on the store's track, \
      named for its action's case, with the action, origin, depth and changed paths as \
      arguments; each job a slice from launch to end on a lane of its own, joined by a flow \
      arrow to the reduction that launched it; cycle warnings and stops as instant events. Open it at \
      ui.perfetto.dev (Open trace file) or in chrome://tracing (Load).
      """)

  @OptionGroup var export: SessionFileExport

  /// Exports; returns the exit status.
  @MainActor
  func execute(registry: FeatureRegistry, output sink: any ScriptOutput) -> ScriptExitStatus {
    let debugger = Debugger.exporting(registry: registry)
    do {
      let trace = ExportedTrace(
        try debugger.describeTrace(fromSessionFile: export.sessionFile, feature: export.featureChoice.feature))
      if let output = export.output {
        try trace.write(to: output)
        sink.write(trace.summary(path: output), to: .standardError)
      } else {
        sink.write(String(decoding: trace.json(), as: UTF8.self), to: .standardOutput)
      }
      return .success
    } catch {
      sink.write("error: \(error.message)", to: .standardError)
      return .error
    }
  }
}
