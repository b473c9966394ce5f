import Foundation
import SluiceDebugger

extension ScriptRunner {
  /// Reports what the current session did while no command ran: for a client attached to a
  /// running program, which sees the program's actions, cycles and stops as they happen.
  package func reportBackgroundEvents() {
    guard let session = interpreter.debugger.current else { return }
    report(events: session.inspection.takeBackgroundEvents())
  }

  /// Reports the current store's status when it differs from the last reported, if the
  /// client asked for it (``reportsStatus``): what an attached shell's prompt shows.
  package func reportStatusIfChanged() {
    guard reportsStatus else { return }
    let status = ProtocolEvent.StoreStatus(of: interpreter.debugger)
    guard status != reportedStatus else { return }
    reportedStatus = status
    reporter.status(status)
  }

  func report(events: [DebugEvent]) {
    var failures: [String] = []
    for event in events {
      // A chain the detector broke (`sluice run`'s default) fails the run: CI must not pass
      // a feature that loops. A pause (`break cycle`, `set cycle policy pause`) is the
      // script stepping through the loop on purpose, and a warning is only reported.
      switch event {
      case .cycleDetected(let cycle) where cycle.warning.policy == .break:
        cycleFailureCount += 1
        failures.append(text.describe(cycle.warning) + "; the chain was broken")
      case .jobFailed(let job):
        jobFailureCount += 1
        let reason = if case .failed(let message) = job.status { message } else { "failed" }
        failures.append("\(text.describe(job)) failed: \(reason)")
      default:
        break
      }
    }
    if !events.isEmpty { reporter.events(events) }
    // After the events, which say what happened; the failure says where.
    for message in failures { reportFailure(message, at: commandLocation) }
  }

  /// A failure that lets the script go on but fails the run (exit status 1), placed at the
  /// command it happened under. `isOwnEvent`: no session event reports it already.
  func reportFailure(_ message: String, at location: ScriptLocation?, isOwnEvent: Bool = false) {
    failureCount += 1
    status = max(status, .expectationFailed)
    reporter.failure(message, at: location, isOwnEvent: isOwnEvent)
  }

  func report(_ expectation: ExpectationOutcome, at location: ScriptLocation) {
    reporter.expectation(expectation, at: location)
  }

  /// The displays' values after a command that moved the program.
  func report(_ displays: [DisplayedValue], at location: ScriptLocation) {
    if !displays.isEmpty { reporter.displays(displays, at: location) }
  }

  func report(_ result: CommandResult, of command: String, at location: ScriptLocation) {
    reporter.result(result, of: command, at: location)
  }
}

extension ScriptRunner {
  /// Runs a JSON protocol request: its events carry its id, and a `completed` event ends
  /// them, saying whether the command failed. A program driving a session keeps it after a
  /// command it got wrong (the `error` event says what was wrong); a script would stop.
  /// A completion request is answered with the candidates Tab would offer in the shell.
  func answer(_ request: CommandRequest, number: Int, of script: ScriptSource) async {
    reporter.requestBegan(request.id, spelled: request.idText)
    let command: String
    switch request.question {
    case .command(let line):
      command = line
    case .completion(let text):
      reporter.completions(CommandCompletion(interpreter: interpreter).completions(forTextBeforeCursor: text))
      reporter.requestAnswered(cause: nil)
      return
    }
    isAnsweringRequest = true
    defer { isAnsweringRequest = false }
    let statusBefore = status
    let failuresBefore = failureCount
    await runLine(command, number: number, of: script)
    let cause: ProtocolEvent.Completed.Cause?
    if isStopped && status == .error && statusBefore != .error {
      cause = .error
      status = statusBefore
      isStopped = false
    } else {
      cause = failureCount > failuresBefore ? .failure : nil
    }
    // Before `completed`, so the client's next prompt is drawn with it.
    reportStatusIfChanged()
    reporter.requestAnswered(cause: cause)
  }

  /// Answers a request that cannot be run (no `id`, an `id` that is no string or integer, a
  /// `command` that is no string, broken JSON) with an `error` event saying what is wrong,
  /// carrying the id when one could be read, and a failed `completed`; the session goes on.
  func refuse(_ request: CommandRequest.Malformed, at location: ScriptLocation) {
    reporter.requestBegan(request.id?.value, spelled: request.id?.text)
    reporter.error(request.message, at: location, sourceLine: nil)
    reporter.requestAnswered(cause: .error)
  }
}
