import SluiceDebugger

/// Answers a client's lines with the versioned JSON protocol: what `sluice run --json -`, a
/// client attached to a program's agent and a browser's page talk to.
///
/// A line that is a request (``CommandRequest``: `{"id": 1, "command": "print count"}`, or
/// `{"id": 2, "complete": "print co"}`) gets its events, each echoing the id, and a
/// `completed` event saying whether it failed and why; a request that cannot be read gets an
/// `error` and a failed `completed`, and the conversation goes on. Any other line runs as a
/// script's line. Between requests the loop's owner may report what the session did on its
/// own (``reportBackgroundEvents()``) and the store's status (``reportStatusIfChanged()``).
///
/// The commands themselves run on a ``ScriptRunner``, which the loop owns: a request is a
/// line of a script that also answers.
@MainActor
package final class RequestLoop {
  /// Runs the requests' commands and the plain lines, and reports through its reporter.
  package let runner: ScriptRunner
  /// Whether the store's status is reported (a `status` event) whenever it changed, before
  /// each request's `completed`: for a shell attached to a program, whose prompt shows it.
  package var reportsStatus = false
  /// The status reported last.
  private var reportedStatus: ProtocolEvent.StoreStatus?

  /// A loop answering with `runner`'s reporter. Requests are read only when that reporter
  /// answers them (JSON); under another report every line is a script's line.
  package init(runner: ScriptRunner) {
    self.runner = runner
  }

  /// Answers lines as they arrive, until `nextLine` returns `nil` or the run stops (`quit`);
  /// lines count from 1 under `name` in the events that place them.
  package func run(lines nextLine: @MainActor () async -> String?, name: String) async {
    await runner.run(lines: nextLine, name: name, handingEachLineTo: takeRequests)
  }

  /// Runs `script` as ``ScriptRunner/run(_:)`` does, answering the requests among its lines.
  package func run(_ script: ScriptSource) async {
    await runner.run(script, handingEachLineTo: takeRequests)
  }

  /// Runs the scripts at `paths` as ``ScriptRunner/run(files:)`` does, answering the
  /// requests among their lines (`-` reads the runner's standard input).
  ///
  /// - Returns: The run's status; the summary is written too.
  package func run(files paths: [String]) async -> ScriptExitStatus {
    await runner.run(files: paths, handingEachLineTo: takeRequests)
  }

  /// Hands each line to ``take(_:number:of:)``: every way of running reads requests alike.
  private var takeRequests: ScriptRunner.LineTaker {
    { line, number, script in await self.take(line, number: number, of: script) }
  }

  /// Reports what the current session did while no command ran: for a client attached to a
  /// running program, which sees the program's actions, cycles and stops as they happen.
  package func reportBackgroundEvents() {
    guard let session = runner.interpreter.debugger.current else { return }
    runner.report(events: session.inspection.takeBackgroundEvents())
  }

  /// Reports the current store's status when it differs from the last reported, if the
  /// client asked for it (``reportsStatus``): what an attached shell's prompt shows.
  package func reportStatusIfChanged() {
    guard reportsStatus else { return }
    let status = ProtocolEvent.StoreStatus(of: runner.interpreter.debugger)
    guard status != reportedStatus else { return }
    reportedStatus = status
    runner.reporter.status(status)
  }

  /// Answers `line` when it is a request, and runs it as a script's line when not.
  private func take(_ line: String, number: Int, of script: ScriptSource) async {
    guard runner.reporter.answersRequests, !runner.isInsideCommandList, let request = CommandRequest.read(line) else {
      return await runner.runLine(line, number: number, of: script)
    }
    // What happened since the last command (a job that ended) is no part of the answer.
    runner.report(events: runner.interpreter.takeEvents())
    switch request {
    case .success(let request):
      await answer(request, number: number, of: script)
    case .failure(let malformed):
      refuse(malformed, at: ScriptLocation(file: script.name, line: number, column: malformed.column))
    }
  }

  /// Runs a request: its events carry its id, and a `completed` event ends them, saying
  /// whether the command failed. A program driving a session keeps it after a command it got
  /// wrong (the `error` event says what was wrong); a script would stop. A completion request
  /// is answered with the candidates Tab would offer in the shell.
  private func answer(_ request: CommandRequest, number: Int, of script: ScriptSource) async {
    let reporter = runner.reporter
    reporter.requestBegan(request.id, spelled: request.idText)
    let command: String
    switch request.question {
    case .command(let line):
      command = line
    case .completion(let text):
      reporter.completions(CommandCompletion(interpreter: runner.interpreter).completions(forTextBeforeCursor: text))
      reporter.requestAnswered(cause: nil)
      return
    }
    let outcome = await runner.runRequestedLine(command, number: number, of: script)
    // Before `completed`, so the client's next prompt is drawn with it.
    reportStatusIfChanged()
    reporter.requestAnswered(cause: outcome)
  }

  /// Answers a request that cannot be run (no `id`, an `id` that is no string or integer, a
  /// `command` that is no string, broken JSON) with an `error` event saying what is wrong,
  /// carrying the id when one could be read, and a failed `completed`; the session goes on.
  private func refuse(_ request: CommandRequest.Malformed, at location: ScriptLocation) {
    let reporter = runner.reporter
    reporter.requestBegan(request.id?.value, spelled: request.id?.text)
    reporter.error(request.message, at: location, sourceLine: nil)
    reporter.requestAnswered(cause: .error)
  }
}
