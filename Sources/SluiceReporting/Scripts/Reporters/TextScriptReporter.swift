import SluiceDebugger

/// Reports a run as text for people: each command echoed (`> .increment`), then what it
/// did, failures and errors on standard error as `file:line:column: error: …`, which
/// editors and CI problem matchers read, and a summary line.
@MainActor
public final class TextScriptReporter: ScriptReporter {
  /// Where the lines go.
  public let output: any ScriptOutput
  /// Whether each command is shown before its result.
  public var echoesCommands = true
  /// How wide one-line contexts (a reduction's headline, a stop) may be: `nil`, no limit, until
  /// a script says `set width N`.
  public private(set) var width: Int?
  private let text = TextRenderer()

  /// Creates a reporter writing to `output`.
  public init(output: any ScriptOutput) {
    self.output = output
  }

  public func command(_ text: String, at location: ScriptLocation) {
    if echoesCommands { output.write("> " + text, to: .standardOutput) }
  }

  public func events(_ events: [DebugEvent]) {
    for event in events {
      for line in text.typedLines(for: event) { output.write(line.elided(toWidth: width), to: .standardOutput) }
    }
  }

  public func result(_ result: CommandResult, of command: String, at location: ScriptLocation) {
    for line in text.typedLines(for: result) { output.write(line.elided(toWidth: width), to: .standardOutput) }
  }

  public func widthChanged(to columns: Int?) {
    width = columns
  }

  public func displays(_ values: [DisplayedValue], at location: ScriptLocation) {
    for line in text.lines(for: values) { output.write(line, to: .standardOutput) }
  }

  public func expectation(_ outcome: ExpectationOutcome, at location: ScriptLocation) {
    for line in text.typedLines(for: outcome, at: location) { output.write(line, to: .standardOutput) }
    if !outcome.passed {
      let message = "expectation failed: \(outcome.expression): expected \(outcome.expected), actual \(outcome.actual)"
      output.write("\(location): error: \(message)", to: .standardError)
    }
  }

  public func failure(_ message: String, at location: ScriptLocation?, isOwnEvent: Bool) {
    output.write(location.map { "\($0): error: \(message)" } ?? "error: \(message)", to: .standardError)
  }

  public func error(_ message: String, at location: ScriptLocation?, sourceLine: String?) {
    for line in text.lines(forError: message, at: location, sourceLine: sourceLine) {
      output.write(line, to: .standardError)
    }
  }

  public func finished(_ summary: ScriptRunSummary) {
    let lines = text.summaryLines(
      cycleFailures: summary.cycleFailures, unfinishedWaits: summary.unfinishedWaits,
      jobFailures: summary.jobFailures, expectations: summary.expectations, failed: summary.failedExpectations,
      stoppedByError: summary.status == .error)
    for line in lines { output.write(line, to: .standardOutput) }
  }
}
