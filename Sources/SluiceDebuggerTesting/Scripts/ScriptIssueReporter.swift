import SluiceTesting
import Foundation
import SluiceDebugger
import SluiceReporting
import Testing

/// Reports a script run as Swift Testing issues at the script's own lines, each with what
/// the script printed up to it, so a failure reads as it would in `sluice run`.
@MainActor
final class ScriptIssueReporter: ScriptReporter {
  /// The text report, kept for the issues' context.
  private let transcript = CapturedScriptOutput()
  private let text: TextScriptReporter
  private let renderer = TextRenderer()
  /// Where an issue with no place in a script is recorded.
  private let fallback: SourceLocation
  /// How many lines of the report an issue quotes, at most.
  static let contextLines = 12

  init(fallback: SourceLocation) {
    self.fallback = fallback
    text = TextScriptReporter(output: transcript)
  }

  func scriptStarted(_ name: String) { text.scriptStarted(name) }
  func command(_ line: String, at location: ScriptLocation) { text.command(line, at: location) }
  func events(_ events: [DebugEvent]) { text.events(events) }
  func displays(_ values: [DisplayedValue], at location: ScriptLocation) { text.displays(values, at: location) }
  func scriptEnded(_ name: String) { text.scriptEnded(name) }
  func finished(_ summary: ScriptRunSummary) { text.finished(summary) }

  func result(_ result: CommandResult, of command: String, at location: ScriptLocation) {
    text.result(result, of: command, at: location)
  }

  func expectation(_ outcome: ExpectationOutcome, at location: ScriptLocation) {
    text.expectation(outcome, at: location)
    guard !outcome.passed else { return }
    // The lines `sluice run` prints for it, without the place or the mark: the issue has them.
    var lines = renderer.typedLines(for: outcome, at: nil).map(\.text)
    if let first = lines.first, first.hasPrefix("✗ ") { lines[0] = String(first.dropFirst(2)) }
    record(lines.joined(separator: "\n"), at: location)
  }

  func failure(_ message: String, at location: ScriptLocation?, isOwnEvent: Bool) {
    text.failure(message, at: location, isOwnEvent: isOwnEvent)
    record(message, at: location)
  }

  func error(_ message: String, at location: ScriptLocation?, sourceLine: String?) {
    text.error(message, at: location, sourceLine: sourceLine)
    record(message + (sourceLine.map { "\n  " + $0 } ?? ""), at: location)
  }

  /// Records `message` at `location` in the script, with the end of the report before it.
  private func record(_ message: String, at location: ScriptLocation?) {
    let context = transcript.standardOutput.suffix(Self.contextLines)
    let comment = context.isEmpty ? message : message + "\n\nthe script's output before it:\n" + context.joined(separator: "\n")
    Issue.record(Comment(rawValue: comment), sourceLocation: location.flatMap(Self.sourceLocation) ?? fallback)
  }

  /// The place of `location` in a Swift Testing report: `fileID` as `FOLDER/FILE` (it must
  /// name a module, and a script's folder stands in for one).
  static func sourceLocation(of location: ScriptLocation) -> SourceLocation? {
    guard location.file.hasPrefix("/"), location.line > 0 else { return nil }
    let url = URL(fileURLWithPath: location.file)
    let folder = url.deletingLastPathComponent().lastPathComponent
    return SourceLocation(
      fileID: (folder.isEmpty ? "scripts" : folder) + "/" + url.lastPathComponent, filePath: location.file,
      line: location.line, column: max(location.column ?? 1, 1))
  }
}
