import Foundation
import SluiceDebugger

extension ScriptRunner {
  /// Reports `events`; a broken cycle and a failed job each fail the run, at the command
  /// they happened under.
  package func report(events: [DebugEvent]) {
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
