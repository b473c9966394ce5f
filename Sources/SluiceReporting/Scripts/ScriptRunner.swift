import Foundation
import SluiceDebugger

/// Runs scripts of debugger commands, one command per line, and reports as it goes, through
/// a ``ScriptReporter``: each command's result and the session's events, as text, JSON
/// Lines, JUnit XML or GitHub Actions annotations.
///
/// - An expectation that fails is reported (file, line, expected and actual) and the script
///   goes on; the run's status becomes ``ScriptExitStatus/expectationFailed``. So does a
///   chain the cycle detector broke, a job that failed and a `wait` that ended with work
///   running; each is also written to standard error at its `file:line:column`.
/// - A line that does not parse, or a command that fails, is reported with its file, line
///   and column, and the run stops with ``ScriptExitStatus/error``.
/// - An init file (``run(initFile:)``) is the exception: as gdb reads `~/.gdbinit`, each
///   line that does not parse or fails is reported at its `file:line:column` and the rest of
///   the file runs; the run's status is not changed by it.
/// - `source FILE` runs another script in place; a script that sources itself, directly or
///   not, is an error rather than a hang.
/// - Relative file names (`save`, `load`, `source`) are relative to the script's folder.
@MainActor
public final class ScriptRunner {
  /// How the run is reported: the reporters Sluice has.
  public enum Format: String, Sendable, CaseIterable {
    /// Plain text for people: commands echoed, then what they did.
    case text
    /// One JSON object per line, for tools.
    case json
    /// A JUnit XML document, one test case per script.
    case junit
    /// Text, plus GitHub Actions annotations on the scripts' lines.
    case github

    /// The reporter of this format, writing to `output`.
    @MainActor
    public func reporter(writingTo output: any ScriptOutput) -> any ScriptReporter {
      switch self {
      case .text: TextScriptReporter(output: output)
      case .json: JSONScriptReporter(output: output)
      case .junit: JUnitScriptReporter(output: output)
      case .github: GitHubActionsScriptReporter(output: output)
      }
    }
  }

  /// Raised from a signal's thread when the run is to stop (`sluice run` on `SIGINT`): the
  /// run stops before its next line (see `stopIfInterrupted()`).
  package nonisolated let interruption = PauseRequest()
  /// Executes the commands.
  public let interpreter: CommandInterpreter
  /// Presents what happens.
  public let reporter: any ScriptReporter
  /// Where `-` takes its lines from, one at a time as they arrive (`nil` at the end); when
  /// not set, `-` is an error: the runner never reads the process's input itself.
  public var standardInputLines: (@MainActor () async -> String?)?
  /// How deeply `source` may nest.
  public static let maximumSourceDepth = 32

  /// Expectations checked so far.
  public private(set) var expectationCount = 0
  /// Expectations that failed so far.
  public private(set) var failedExpectationCount = 0
  /// Failures that let the run go on but fail it: failed expectations and reported failures
  /// (a request that caused one fails with cause `failure`).
  var failureCount = 0
  /// The status so far: ``ScriptExitStatus/success`` until something fails.
  public internal(set) var status = ScriptExitStatus.success
  /// Cycles whose chain the detector broke so far: each fails the run.
  public internal(set) var cycleFailureCount = 0
  /// `wait`s that ended with work still running so far: each fails the run.
  public internal(set) var unfinishedWaitCount = 0
  /// Jobs that failed so far (an error their job did not handle): each fails the run.
  public internal(set) var jobFailureCount = 0
  /// Whether the run has stopped: an error, or `quit`.
  public internal(set) var isStopped = false

  /// What the runner does itself rather than the session: `ui`'s page (served by a host
  /// that has one: `sluice serve`, the page itself; without it, `ui` is an error saying where
  /// it works) and breakpoints' command lists.
  package let host = CommandHost()

  /// Reads and runs each command: the entry point every client's commands go through.
  let endpoint: CommandEndpoint
  private var parser: CommandParser { endpoint.parser }
  /// Words failures in the language of the text report, whatever the format.
  let text = TextRenderer()
  /// The scripts being run, outermost first, by canonical path.
  var running: [String] = []
  /// Whether an error is only reported, the run going on (``run(initFile:)``).
  private var goesOnAfterErrors = false
  /// The command of the line run last, where a failure that its events report is placed.
  var commandLocation: ScriptLocation?
  /// A `commands` list being read: the lines up to `end` are its, not commands to run.
  var openList: OpenCommandList?

  /// Creates a runner that reports through `reporter`.
  public init(interpreter: CommandInterpreter, reporter: any ScriptReporter) {
    self.interpreter = interpreter
    self.reporter = reporter
    endpoint = CommandEndpoint(interpreter: interpreter)
  }

  /// Creates a runner that reports in `format` to `output`.
  public convenience init(interpreter: CommandInterpreter, output: any ScriptOutput, format: Format = .text) {
    self.init(interpreter: interpreter, reporter: format.reporter(writingTo: output))
  }

  /// Runs the scripts at `paths` one after the other against the same debugger; `-` reads
  /// standard input. Stops at the first error or `quit`.
  ///
  /// - Returns: The run's status; the summary is written too.
  public func run(files paths: [String]) async -> ScriptExitStatus {
    await run(files: paths, handingEachLineTo: takeAsCommand)
  }

  /// Runs the scripts at `paths` as ``run(files:)`` does, handing each of their lines to
  /// `take`.
  package func run(files paths: [String], handingEachLineTo take: LineTaker) async -> ScriptExitStatus {
    for path in paths where !isStopped {
      if path == "-" {
        // The caller owns the process's input; the runner only reads what it is handed.
        guard let standardInputLines else {
          stop(withError: "- (standard input) cannot be read here")
          continue
        }
        await run(lines: standardInputLines, name: "<stdin>", handingEachLineTo: take)
      } else {
        await run(file: path, from: nil, sourceLine: nil, handingEachLineTo: take)
      }
    }
    return finish()
  }

  /// Runs the script at `path`, as `source` does, without the summary: for scripts that run
  /// before others (the shell's init files and `-x FILE`).
  public func run(file path: String) async {
    await run(file: path, from: nil, sourceLine: nil, handingEachLineTo: takeAsCommand)
  }

  /// Runs the init file at `path` (the user's `init.sluice`, a trusted project's
  /// `.sluiceinit`) as ``run(file:)`` does, except that an error is reported at its place
  /// and the file goes on, without changing the run's status: one bad line in a user's
  /// settings must not stop every run. `quit` still ends the run.
  public func run(initFile path: String) async {
    goesOnAfterErrors = true
    defer { goesOnAfterErrors = false }
    await run(file: path)
  }

  /// Runs one script; further calls continue the same run.
  public func run(_ script: ScriptSource) async {
    await run(script, handingEachLineTo: takeAsCommand)
  }

  /// Runs one script, handing each of its lines to `take` (``runLine(_:number:of:inRequest:)``
  /// unless the caller reads some lines as something else: a ``RequestLoop``'s requests).
  package func run(_ script: ScriptSource, handingEachLineTo take: LineTaker) async {
    let key = script.directory.map { _ in Self.canonical(script.name) } ?? script.name
    guard begin(key, script.name, at: nil, sourceLine: nil) else { return }
    defer { end(script.name) }
    for (offset, line) in script.lines.enumerated() {
      if isStopped { return }
      await take(line, offset + 1, script)
    }
    checkNoBlockIsOpen()
    if !isStopped, let invalid = script.invalidText {
      fail("cannot read \(script.name): line \(invalid.line) is not UTF-8 text", at: invalid, sourceLine: nil)
    }
  }

  /// Writes the summary and returns the final status.
  @discardableResult
  public func finish() -> ScriptExitStatus {
    reporter.finished(
      ScriptRunSummary(
        status: status, expectations: expectationCount, failedExpectations: failedExpectationCount,
        cycleFailures: cycleFailureCount, unfinishedWaits: unfinishedWaitCount, jobFailures: jobFailureCount))
    return status
  }

  // MARK: - Running

  private func run(
    file path: String, from location: ScriptLocation?, sourceLine: String?, handingEachLineTo take: LineTaker
  ) async {
    let script: ScriptSource
    do {
      script = try ScriptSource(contentsOf: path)
    } catch {
      fail(error.message, at: location, sourceLine: sourceLine)
      return
    }
    await run(script, handingEachLineTo: take)
  }

  /// Notes that `name` starts running; refuses recursion and runaway nesting.
  func begin(_ key: String, _ name: String, at location: ScriptLocation?, sourceLine: String?) -> Bool {
    if running.contains(key) {
      fail("\(name) sources itself (\((running + [key]).map(Self.shortName).joined(separator: " → ")))",
        at: location, sourceLine: sourceLine)
      return false
    }
    guard running.count < Self.maximumSourceDepth else {
      fail("scripts nested more than \(Self.maximumSourceDepth) deep", at: location, sourceLine: sourceLine)
      return false
    }
    if running.isEmpty { reporter.scriptStarted(name) }
    running.append(key)
    return true
  }

  /// Notes that the innermost script running, `name`, ended.
  func end(_ name: String) {
    running.removeLast()
    if running.isEmpty { reporter.scriptEnded(name) }
  }

  /// What takes a script's lines: its text, its line number and the script it is in.
  package typealias LineTaker = @MainActor (_ line: String, _ number: Int, _ script: ScriptSource) async -> Void

  /// Runs each line as a command: every script's lines, unless its caller hands them elsewhere.
  var takeAsCommand: LineTaker {
    { line, number, script in await self.runLine(line, number: number, of: script) }
  }

  /// Runs one line of `script` as a command (or as the next line of an open `commands`
  /// list). `inRequest`: the line is a JSON request's command, which holds a `commands`
  /// list whole.
  package func runLine(_ line: String, number: Int, of script: ScriptSource, inRequest: Bool = false) async {
    if stopIfInterrupted() { return }
    if openList != nil {
      await addToList(line, number: number, of: script)
      return
    }
    let text: CommandEndpoint.Text
    do {
      guard let read = try endpoint.read(line) else { return }
      text = read
    } catch {
      fail(error.message, at: ScriptLocation(file: script.name, line: number, column: error.column), sourceLine: line)
      return
    }
    let location = ScriptLocation(file: script.name, line: number)
    switch text {
    case .openList(_, let opening):
      announce(opening, at: location)
      guard !inRequest else {
        fail(
          "a request holds a `commands` list whole: its lines and `end` follow `commands` in the request's command, "
            + "one per line (\\n), or come as lines of their own", at: location, sourceLine: line)
        return
      }
      openList = OpenCommandList(opening: opening, text: line, at: location)
    case .command(let parsed):
      announce(parsed, at: location)
      await execute(parsed, line: line, number: number, of: script)
    }
    await runStopCommands(of: script)
  }

  /// Before a command runs: reports what happened since the last one, notes where the
  /// command is, and echoes it.
  private func announce(_ parsed: borrowing ParsedCommand, at location: ScriptLocation) {
    report(events: interpreter.takeEvents())
    commandLocation = ScriptLocation(file: location.file, line: location.line, column: parsed.column)
    reporter.command(parsed.echo, at: location)
  }

  /// Runs a parsed line's command and reports what it did.
  private func execute(_ parsed: consuming ParsedCommand, line: String, number: Int, of script: ScriptSource) async {
    let location = ScriptLocation(file: script.name, line: number)
    resolveFiles(in: &parsed.command, of: script)
    let reply = await endpoint.run(parsed, text: line)
    report(events: reply.sessionEvents)
    if let failure = reply.failure {
      fail(failure.message, at: ScriptLocation(file: script.name, line: number, column: failure.column), sourceLine: line)
    }
    switch reply.result {
    case nil:
      break
    case .expectation(let expectation):
      expectationCount += 1
      if !expectation.passed {
        failedExpectationCount += 1
        failureCount += 1
        status = max(status, .expectationFailed)
      }
      report(expectation, at: ScriptLocation(file: script.name, line: number, column: reply.argumentColumn))
    case .host(.source(let path)):
      // Errors about the file point at its name.
      let file = ScriptLocation(file: script.name, line: number, column: reply.argumentColumn)
      let key = Self.canonical(path)
      guard begin(key, path, at: file, sourceLine: line) else { return }
      running.removeLast()
      await run(file: path, from: file, sourceLine: line, handingEachLineTo: takeAsCommand)
    case .host(.quit):
      isStopped = true
    case .host(.setWidth(let columns)):
      let said = host.setWidth(columns)
      reporter.widthChanged(to: columns)
      report(.message([said]), of: reply.commandName, at: ScriptLocation(file: script.name, line: number))
    case .host(.openPage(let allowingFiles)):
      let location = ScriptLocation(file: script.name, line: number, column: reply.argumentColumn)
      switch await host.openPage(allowingFiles: allowingFiles) {
      case .success(let announcement): report(.message([announcement]), of: reply.commandName, at: location)
      case .failure(let error): fail(error.message, at: location, sourceLine: line)
      }
    case let result?:
      report(result, of: reply.commandName, at: location)
      // Work still running when a script waited for it to end is a failure, unless the
      // script said it expects it (`wait --allow-running`).
      if case .waited(.timedOut(let jobs), let timeout) = result, case .wait(_, allowsRunning: false) = reply.command {
        unfinishedWaitCount += 1
        let bound = timeout.map { "after \(DurationText.format($0))" } ?? "with no limit"
        let message =
          "still running \(bound): \(jobs.joined(separator: ", "))"
          + " (`wait --allow-running` expects work to remain; `set wait limit` or `--wait-limit` waits longer)"
        reportFailure(message, at: commandLocation, isOwnEvent: true)
      }
    }
    report(reply.displays, at: location)
  }

  /// Runs a JSON request's command line. An error does not stop the run, as it would a
  /// script's: the client goes on after a command it got wrong.
  ///
  /// - Returns: Why the request failed: `error` (the command failed; its `error` event says
  ///   why), `failure` (it ran, but a check it made failed), or `nil`.
  package func runRequestedLine(_ line: String, number: Int, of script: ScriptSource) async
    -> ProtocolEvent.Completed.Cause?
  {
    let statusBefore = status
    let failuresBefore = failureCount
    await runLine(line, number: number, of: script, inRequest: true)
    if isStopped && status == .error && statusBefore != .error {
      status = statusBefore
      isStopped = false
      return .error
    }
    return failureCount > failuresBefore ? .failure : nil
  }

  /// Whether a `commands` list is being read: its lines are the list's, whatever they hold.
  package var isInsideCommandList: Bool { openList != nil }

  /// Adds a line to the open `commands` list; at `end`, sets the list.
  private func addToList(_ line: String, number: Int, of script: ScriptSource) async {
    guard var open = openList else { return }
    do {
      let finished = try open.add(line, parser: parser)
      openList = finished == nil ? open : nil
      if let finished { await execute(finished, line: open.openingText, number: open.location.line, of: script) }
    } catch {
      openList = nil
      fail(error.message, at: ScriptLocation(file: script.name, line: number, column: error.column), sourceLine: line)
    }
  }

  /// Fails the run when a script ended inside a `commands` list.
  func checkNoBlockIsOpen() {
    guard let open = openList, !isStopped else { return }
    openList = nil
    fail("`\(open.opening.echo)` has no `end`: its list runs to the end of the file",
      at: open.location, sourceLine: open.openingText)
  }

  /// Runs the command lists of the breakpoints that stopped, each line as a line of the
  /// script (reported under `commands of breakpoint N`).
  private func runStopCommands(of script: ScriptSource) async {
    // After nearly every line there is none: asked here, without the host's await, which
    // cost a script line about 3% of its instructions (benchmark 6).
    let stopped = interpreter.takeStopCommands()
    guard !stopped.isEmpty else { return }
    host.hold(stopped)
    // Each list made a script once, for all of its lines (again if a list redefined it).
    var sources: [Int: ScriptSource] = [:]
    await host.runStopCommands(taking: interpreter.takeStopCommands, parser: parser, isStopped: { isStopped }) {
      line, offset, list in
      let source: ScriptSource
      if let made = sources[list.id], made.lines == list.lines {
        source = made
      } else {
        var made = ScriptSource(name: "commands of breakpoint \(list.id)", text: "", directory: script.directory)
        made.lines = list.lines
        sources[list.id] = made
        source = made
      }
      await runLine(line, number: offset + 1, of: source)
    }
  }

  /// Makes file names in `save`, `load` and `source` relative to the script's folder.
  private func resolveFiles(in command: inout Command, of script: ScriptSource) {
    switch command {
    case .save(let path): command = .save(path: script.resolve(path))
    case .saveBreakpoints(let path): command = .saveBreakpoints(path: script.resolve(path))
    case .load(let path, let feature): command = .load(path: script.resolve(path), feature: feature)
    case .source(let path): command = .source(path: script.resolve(path))
    default: break
    }
  }

  /// Reports an error at a place in a script (or none) and stops the run with
  /// ``ScriptExitStatus/error``: for errors found outside the scripts, such as bad options.
  public func stop(withError message: String, at location: ScriptLocation? = nil, sourceLine: String? = nil) {
    fail(message, at: location, sourceLine: sourceLine)
  }

  /// Reports an error and stops the run, unless the run goes on after errors (an init file).
  func fail(_ message: String, at location: ScriptLocation?, sourceLine: String?) {
    if !goesOnAfterErrors {
      status = .error
      isStopped = true
    }
    reporter.error(message, at: location, sourceLine: sourceLine)
  }

  static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  private static func shortName(_ path: String) -> String {
    URL(fileURLWithPath: path).lastPathComponent
  }
}
