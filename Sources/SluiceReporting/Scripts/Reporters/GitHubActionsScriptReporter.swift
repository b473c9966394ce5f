import SluiceDebugger

/// Reports a run as text, as ``TextScriptReporter`` does, plus GitHub Actions workflow
/// commands: each script in a collapsible group, and each failed expectation, broken cycle,
/// unfinished `wait` or script error an `::error file=…,line=…,col=…::` annotation, which
/// GitHub shows on the script's line in the pull request. No other line of the log reads as
/// a workflow command, whatever a file's name or a value holds (`WorkflowCommandFreeOutput`).
@MainActor
public final class GitHubActionsScriptReporter: ScriptReporter {
  private let text: TextScriptReporter
  /// Where the reporter's own workflow commands go; the text goes through
  /// `WorkflowCommandFreeOutput` to the same place.
  private let output: any ScriptOutput

  /// Creates a reporter writing to `output`.
  public init(output: any ScriptOutput) {
    self.output = output
    text = TextScriptReporter(output: WorkflowCommandFreeOutput(output))
  }

  public func scriptStarted(_ name: String) {
    output.write("::group::\(Self.escapedData(name))", to: .standardOutput)
  }

  public func scriptEnded(_ name: String) {
    output.write("::endgroup::", to: .standardOutput)
  }

  public func command(_ text: String, at location: ScriptLocation) { self.text.command(text, at: location) }
  public func events(_ events: [DebugEvent]) { text.events(events) }

  public func result(_ result: CommandResult, of command: String, at location: ScriptLocation) {
    text.result(result, of: command, at: location)
  }

  public func displays(_ values: [DisplayedValue], at location: ScriptLocation) {
    text.displays(values, at: location)
  }

  public func expectation(_ outcome: ExpectationOutcome, at location: ScriptLocation) {
    text.expectation(outcome, at: location)
    guard !outcome.passed else { return }
    annotate(
      "\(outcome.expression): expected \(outcome.expected), actual \(outcome.actual)", title: "expectation failed",
      at: location)
  }

  public func failure(_ message: String, at location: ScriptLocation?, isOwnEvent: Bool) {
    text.failure(message, at: location, isOwnEvent: isOwnEvent)
    annotate(message, title: "sluice", at: location)
  }

  public func error(_ message: String, at location: ScriptLocation?, sourceLine: String?) {
    text.error(message, at: location, sourceLine: sourceLine)
    annotate(message, title: "script error", at: location)
  }

  public func finished(_ summary: ScriptRunSummary) { text.finished(summary) }

  private func annotate(_ message: String, title: String, at location: ScriptLocation?) {
    var properties: [String] = []
    if let location {
      properties.append("file=" + Self.escapedProperty(location.file))
      properties.append("line=\(location.line)")
      if let column = location.column { properties.append("col=\(column)") }
    }
    properties.append("title=" + Self.escapedProperty(title))
    output.write("::error \(properties.joined(separator: ","))::\(Self.escapedData(message))", to: .standardOutput)
  }

  /// A workflow command's message: `%`, CR and LF escaped, as the runner reads them back.
  package static func escapedData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A property's value: as a message, and `:` and `,`, which end it, escaped too.
  package static func escapedProperty(_ text: String) -> String {
    escapedData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
