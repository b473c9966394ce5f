import SluiceDebugger

/// What one command's text did, as ``CommandEndpoint`` returns it: the engine's values for
/// the host that sent it, and ``events(answering:inScript:line:)``, the typed events of the
/// JSON protocol a client receives for it.
package struct CommandReply {
  /// An error: what went wrong and the 1-based column in the text it is about.
  package struct Failure: Equatable, Sendable {
    /// What went wrong.
    package var message: String
    /// The column in the command's text.
    package var column: Int?
  }

  /// The text as sent.
  package let text: String
  /// The command the text held; `nil` for a blank line, a comment, or text that did not read.
  package let command: Command?
  /// The command's name as the table spells it (`print` for `p count`).
  package let commandName: String
  /// The session's events while it ran, oldest first.
  package let sessionEvents: [DebugEvent]
  /// What the command did; `nil` when it did not run.
  package let result: CommandResult?
  /// Why it did not read or failed.
  package let failure: Failure?
  /// The displays' values after a command that moved the program.
  package let displays: [DisplayedValue]
  /// The column of the command's argument: where an expectation's expression starts.
  package let argumentColumn: Int

  /// The reply to text that ran nothing, or did not read.
  init(text: String, failure: Failure? = nil) {
    (self.text, self.failure) = (text, failure)
    (command, commandName, sessionEvents, result, displays, argumentColumn) = (nil, "", [], nil, [], 1)
  }

  /// The reply to a command that ran: an error from running it is placed in the text, at
  /// its column in the argument or, when it names none, at the argument.
  init(text: String, parsed: consuming ParsedCommand, outcome: consuming CommandOutcome) {
    (self.text, command, commandName, argumentColumn) = (text, parsed.command, parsed.name, parsed.argumentColumn)
    (sessionEvents, displays) = (outcome.events, outcome.displays)
    switch outcome.result {
    case .success(let result):
      (self.result, failure) = (result, nil)
    case .failure(let error):
      let column =
        error.column.map { parsed.argumentColumn + $0 - 1 } ?? error.culprit.flatMap { parsed.culpritColumns[$0] }
        ?? parsed.argumentColumn
      (self.result, failure) = (nil, Failure(message: error.message, column: column))
    }
  }

  /// Why the command's request fails, if it does: an error, or an expectation that did not
  /// hold.
  var failureCause: ProtocolEvent.Completed.Cause? {
    if failure != nil { return .error }
    if case .expectation(let outcome) = result, !outcome.passed { return .failure }
    return nil
  }

  /// The typed events a client receives for the command, each carrying `id`, in the order
  /// they happened: the session's events, the answer (or the error), the displays' values,
  /// and `completed`. `file` and `line` place them in the script the command came from.
  package func events(answering id: RequestID? = nil, inScript file: String? = nil, line: Int? = nil) -> [ProtocolEvent] {
    var writer = JSONEventWriter()
    writer.requestID = id
    let place = JSONEventWriter.Place(file: file, line: line)
    var events = sessionEvents.map(writer.event(for:))
    if let failure {
      events.append(writer.errorEvent(failure.message, at: JSONEventWriter.Place(file: file, line: line, column: failure.column)))
    }
    switch result {
    case .expectation(let outcome):
      events.append(writer.event(for: outcome, at: JSONEventWriter.Place(file: file, line: line, column: argumentColumn)))
    case let result?:
      if let answer = writer.event(for: result, command: commandName, at: place) { events.append(answer) }
    case nil:
      break
    }
    events += displays.map { writer.event(for: $0, at: place) }
    events.append(writer.completionEvent(cause: failureCause))
    return events
  }
}
