import SluiceDebugger

/// Reports a run in the versioned JSON event protocol, one object per line on standard
/// output, and answers command requests: every event a request causes carries its `id`,
/// and a `completed` event ends them.
@MainActor
public final class JSONScriptReporter: ScriptReporter {
  /// Where the lines go.
  public let output: any ScriptOutput
  private var json = JSONEventWriter()

  /// Creates a reporter writing to `output`.
  public init(output: any ScriptOutput) {
    self.output = output
  }

  public var answersRequests: Bool { true }

  public func requestBegan(_ id: RequestID?, spelled text: String?) {
    (json.requestID, json.requestIDText) = (id, text)
  }

  public func requestAnswered(cause: ProtocolEvent.Completed.Cause?) {
    output.write(json.completionLine(cause: cause), to: .standardOutput)
    (json.requestID, json.requestIDText) = (nil, nil)
  }

  /// A `completions` event.
  public func completions(_ completions: Completions) {
    output.write(json.line(for: completions), to: .standardOutput)
  }

  /// A `status` event, answering no request.
  public func status(_ status: ProtocolEvent.StoreStatus) {
    output.write(ProtocolEvent(.status(status)).line, to: .standardOutput)
  }

  public func command(_ text: String, at location: ScriptLocation) {
    output.write(json.line(forCommand: text, at: location), to: .standardOutput)
  }

  public func events(_ events: [DebugEvent]) {
    for event in events { output.write(json.line(for: event), to: .standardOutput) }
  }

  public func result(_ result: CommandResult, of command: String, at location: ScriptLocation) {
    if let line = json.line(for: result, command: command, at: location) { output.write(line, to: .standardOutput) }
  }

  /// Each a `value` event, its command `display`.
  public func displays(_ values: [DisplayedValue], at location: ScriptLocation) {
    for value in values { output.write(json.line(for: value, at: location), to: .standardOutput) }
  }

  public func expectation(_ outcome: ExpectationOutcome, at location: ScriptLocation) {
    output.write(json.line(for: outcome, at: location), to: .standardOutput)
  }

  /// An `error` event, unless the event just written (`cycle`, `jobFailed`) says it.
  public func failure(_ message: String, at location: ScriptLocation?, isOwnEvent: Bool) {
    if isOwnEvent { output.write(json.line(forError: message, at: location), to: .standardOutput) }
  }

  public func error(_ message: String, at location: ScriptLocation?, sourceLine: String?) {
    output.write(json.line(forError: message, at: location), to: .standardOutput)
  }

  public func finished(_ summary: ScriptRunSummary) {
    output.write(
      json.summaryLine(
        status: summary.status.rawValue, expectations: summary.expectations, failed: summary.failedExpectations),
      to: .standardOutput)
  }
}
