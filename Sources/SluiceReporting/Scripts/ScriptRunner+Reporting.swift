import Foundation
import SluiceDebugger

extension ScriptRunner {
  /// Shows a command before what it did, in text reports; tools get a `command` object.
  func echo(_ line: String, at location: ScriptLocation) {
    let command = CommandParser.commandText(of: line)
    switch format {
    case .text:
      if echoesCommands { output.write("> " + command, to: .standardOutput) }
    case .json:
      output.write(json.line(forCommand: command, at: location), to: .standardOutput)
    }
  }

  func report(events: [DebugEvent]) {
    for event in events {
      switch format {
      case .text:
        for line in text.typedLines(for: event) { output.write(line, to: .standardOutput) }
      case .json:
        output.write(json.line(for: event), to: .standardOutput)
      }
      // A chain the detector broke (`sluice run`'s default) fails the run: CI must not pass
      // a feature that loops. A pause (`break cycle`, `set cycle policy pause`) is the
      // script stepping through the loop on purpose, and a warning is only reported.
      switch event {
      case .cycleDetected(let cycle) where cycle.warning.policy == .break:
        cycleFailureCount += 1
        reportFailure(text.describe(cycle.warning) + "; the chain was broken", at: commandLocation)
      case .jobFailed(let job):
        jobFailureCount += 1
        let reason = if case .failed(let message) = job.status { message } else { "failed" }
        reportFailure("\(text.describe(job)) failed: \(reason)", at: commandLocation)
      default:
        break
      }
    }
  }

  /// A failure that lets the script go on but fails the run (exit status 1): on standard
  /// error at `file:line:column: error:`, where editors and CI problem matchers find it.
  /// JSON reports have the event that says it, and an `error` event when `isOwnEvent`.
  func reportFailure(_ message: String, at location: ScriptLocation?, isOwnEvent: Bool = false) {
    status = max(status, .expectationFailed)
    switch format {
    case .text:
      output.write(location.map { "\($0): error: \(message)" } ?? "error: \(message)", to: .standardError)
    case .json:
      if isOwnEvent { output.write(json.line(forError: message, at: location), to: .standardOutput) }
    }
  }

  func report(_ expectation: ExpectationOutcome, at location: ScriptLocation) {
    switch format {
    case .text:
      for line in text.typedLines(for: expectation, at: location) { output.write(line, to: .standardOutput) }
      // Editors and CI problem matchers read `file:line:column: error: …` on standard error.
      if !expectation.passed {
        let message = "expectation failed: \(expectation.expression): expected \(expectation.expected), actual \(expectation.actual)"
        output.write("\(location): error: \(message)", to: .standardError)
      }
    case .json:
      output.write(json.line(for: expectation, at: location), to: .standardOutput)
    }
  }

  func report(_ result: CommandResult, of command: Command, at location: ScriptLocation) {
    switch format {
    case .text:
      for line in text.typedLines(for: result) { output.write(line, to: .standardOutput) }
    case .json:
      if let line = json.line(for: result, command: command.name, at: location) {
        output.write(line, to: .standardOutput)
      }
    }
  }
}

extension ScriptRunner {
  /// Runs a JSON protocol request: its events carry its id, and a `completed` event ends
  /// them, saying whether the command failed. A program driving a session keeps it after a
  /// command it got wrong (the `error` event says what was wrong); a script would stop.
  func answer(_ request: CommandRequest, number: Int, of script: ScriptSource) async {
    json.requestID = request.id
    json.requestIDText = request.idText
    defer { (json.requestID, json.requestIDText) = (nil, nil) }
    let statusBefore = status
    await runLine(request.command, number: number, of: script)
    let failed = isStopped && status == .error && statusBefore != .error
    if failed {
      status = statusBefore
      isStopped = false
    }
    output.write(json.completionLine(failed: failed), to: .standardOutput)
  }

  /// Answers a request that cannot be run (no `id`, an `id` that is no string or integer, a
  /// `command` that is no string, broken JSON) with an `error` event saying what is wrong,
  /// carrying the id when one could be read, and a failed `completed`; the session goes on.
  func refuse(_ request: CommandRequest.Malformed, at location: ScriptLocation) {
    json.requestID = request.id?.value
    json.requestIDText = request.id?.text
    defer { (json.requestID, json.requestIDText) = (nil, nil) }
    output.write(json.line(forError: request.message, at: location), to: .standardOutput)
    output.write(json.completionLine(failed: true), to: .standardOutput)
  }
}
