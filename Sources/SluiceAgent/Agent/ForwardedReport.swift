import SluiceAgentTransport
import SluiceDebugger
import SluiceReporting

/// A client's script run reported in another format than the JSON events (`sluice run
/// --attach --format junit|github`): the reporter of that format runs here, beside the
/// program's stores where the typed events are, and each line it writes goes to the client
/// as a `report` event, followed by the run's `finished` for the client's exit status. So the
/// report is the one `sluice run --format junit|github` writes for a hosted session.
@MainActor
final class ForwardedReport: ScriptReporter {
  private let report: any ScriptReporter
  private let client: AgentClient

  /// A report in `format` sent to `client`.
  init(format: ScriptRunner.Format, client: AgentClient) {
    self.client = client
    report = format.reporter(writingTo: ReportLines(client: client))
  }

  func scriptStarted(_ name: String) { report.scriptStarted(name) }
  func command(_ text: String, at location: ScriptLocation) { report.command(text, at: location) }
  func events(_ events: [DebugEvent]) { report.events(events) }
  func result(_ result: CommandResult, of command: String, at location: ScriptLocation) {
    report.result(result, of: command, at: location)
  }
  func displays(_ values: [DisplayedValue], at location: ScriptLocation) { report.displays(values, at: location) }
  func expectation(_ outcome: ExpectationOutcome, at location: ScriptLocation) { report.expectation(outcome, at: location) }
  func failure(_ message: String, at location: ScriptLocation?, isOwnEvent: Bool) {
    report.failure(message, at: location, isOwnEvent: isOwnEvent)
  }
  func error(_ message: String, at location: ScriptLocation?, sourceLine: String?) {
    report.error(message, at: location, sourceLine: sourceLine)
  }
  func scriptEnded(_ name: String) { report.scriptEnded(name) }

  func finished(_ summary: ScriptRunSummary) {
    report.finished(summary)
    client.send(
      JSONEventWriter().summaryLine(
        status: summary.status.rawValue, expectations: summary.expectations, failed: summary.failedExpectations))
  }
}

/// Where a forwarded report writes: each line a `report` event to the client.
@MainActor
private final class ReportLines: ScriptOutput {
  private let client: AgentClient

  init(client: AgentClient) {
    self.client = client
  }

  func write(_ line: String, to channel: OutputChannel) {
    client.send(ProtocolEvent(.report(.init(line: line, stream: channel))).line)
  }
}
