/// Executes ``Command``s against a ``Debugger`` and returns what happened as values.
///
/// Shared by the script runner and the interactive shell: neither parses or executes
/// anything itself, they only read lines and render outcomes. The interpreter never prints.
@MainActor
public final class CommandInterpreter {
  /// The debugger commands apply to.
  public let debugger: Debugger
  /// Who sent the actions this interpreter sends: `.user` at the shell, `.script` in scripts.
  public var origin: EntryOrigin
  /// The commands lines are parsed with, and `help` describes.
  public let table: CommandTable

  /// How many entries `log` lists when not told.
  nonisolated public static let defaultLogCount = 20
  /// The case-name globs every `log` listing leaves out (`log hide`), without a leading dot.
  public internal(set) var hiddenCases: [String] = []

  /// Whether the session's events are left for its reader (the shell) rather than taken
  /// with each command's outcome: for a client that watches the same session beside the
  /// shell, a browser's page, so that what it asks never hides events the shell shows.
  package var leavesEvents = false

  /// Hears where a running `shrink` is, after each replay: the shell draws a progress line
  /// on a terminal.
  public var shrinkProgress: (@MainActor (ShrinkProgress) -> Void)?

  /// The frame `frame`, `up` or `down` selected, if any (see ``currentFrameSelection``).
  var frameSelection: FrameSelection?
  /// The paths `display` shows, in the order added.
  var displays: [Display] = []
  /// The number the next display gets.
  var nextDisplayNumber = 1

  /// Creates an interpreter.
  ///
  /// - Parameters:
  ///   - debugger: What commands apply to. With no feature in use, the first registered one
  ///     is used when a command first needs a session.
  ///   - origin: Recorded in the history for every action sent.
  ///   - table: The commands it understands.
  public init(
    debugger: Debugger, origin: EntryOrigin = .user, table: CommandTable = .standard
  ) {
    self.debugger = debugger
    self.table = table
    self.origin = origin
  }

  /// The current session, loading the first registered feature if none is in use yet.
  public func session() throws(DebugError) -> any DebugSession {
    if let current = debugger.current { return current }
    guard let first = debugger.registry.features.first else {
      throw DebugError("no features are registered")
    }
    return try debugger.use(first.name)
  }

  /// Takes the command lists of the current session's breakpoints that stopped since the
  /// last call, oldest first, for the caller to run as if typed (``StopCommands``).
  public func takeStopCommands() -> [StopCommands] {
    guard !leavesEvents else { return [] }
    return debugger.current?.breakpointControl.takeStopCommands() ?? []
  }

  /// Takes the current session's pending events: those that arrived in the background
  /// since the last command, so a caller can show them before running the next one.
  public func takeEvents() -> [DebugEvent] {
    guard !leavesEvents else { return [] }
    return debugger.current?.inspection.takeEvents() ?? []
  }

  /// Parses `line` and executes it: what the shell does with each line typed.
  ///
  /// - Returns: `nil` for a blank line or a comment; a line that does not parse is an
  ///   outcome whose error has the column in the line.
  public func execute(line: String) async -> CommandOutcome? {
    let command: Command
    do {
      guard let parsed = try CommandParser(table: table).parse(line) else { return nil }
      command = parsed
    } catch {
      return CommandOutcome(result: .failure(DebugError(error.message, column: error.column)), events: takeEvents())
    }
    return await execute(command)
  }

  /// Executes `command`; errors are part of the outcome, never thrown.
  public func execute(_ command: Command) async -> CommandOutcome {
    let before = debugger.current
    // The program moves: the frame selected in the old state no longer applies, as gdb
    // forgets it when the program resumes.
    if command.movesTheProgram { frameSelection = nil }
    let result: Result<CommandResult, DebugError>
    do {
      result = .success(try await perform(command))
    } catch {
      result = .failure(error)
    }
    // After `use`, events left in the session switched away from still belong to this
    // command's output.
    var events = leavesEvents ? [] : before?.inspection.takeEvents() ?? []
    if !leavesEvents, let current = debugger.current, current !== before {
      events += current.inspection.takeEvents()
    }
    let shown = command.movesTheProgram && (try? result.get()) != nil ? displayedValues() : []
    return CommandOutcome(result: result, events: events, displays: shown)
  }

  private func perform(_ command: Command) async throws(DebugError) -> CommandResult {
    switch command {
    case .help(let topic):
      guard let topic, let word = table.words.first(where: { $0.name == topic }) else { return .help(.overview(table)) }
      let example = FeatureExamples.example(
        for: word, in: debugger.current?.inspection, features: debugger.registry.names)
      return .help(.command(word, example: example ?? ""))
    case .send(let action):
      // No event says that an action waits in a paused store's queue: the result does.
      switch try session().running.send(action, origin: origin) {
      case .handled: return .done
      case .queued: return .message(["queued: the store is paused (step or continue)"])
      }
    case .state(let path, let entry):
      let inspection = try session().inspection
      guard let index = entry ?? selectedEntry else { return .value(path: path, try inspection.tree(at: path ?? "")) }
      return .value(path: path, try inspection.tree(at: path ?? "", after: index))
    case .frame(let move):
      return try selectFrame(move)
    case .display(let path):
      return try addDisplay(path)
    case .undisplay(let numbers):
      return try deleteDisplays(numbers)
    case .reverseStep, .reverseNext:
      try session().timeTravel.stepBack(overChain: command == .reverseNext)
      return .done
    case .diff(let request):
      return try diff(request)
    case .log(let query):
      let (records, window) = try history(query)
      // An empty window of matches still says how many there are, for a client paging.
      if records.isEmpty, (window?.total ?? 0) == 0, let answer = try emptyAnswer(to: query) { return .message([answer]) }
      return .history(records, travelled: try session().inspection.travelledPosition, window: window)
    case .logHiding(let change):
      return try changeHiding(change)
    case .find(let text, let index):
      return .found(text: text, index: index, try session().inspection.find(text, at: index))
    case .why(let path, let index):
      return .answer(try session().inspection.cause(of: path, at: index))
    case .pathHistory(let path, let window):
      return .answer(try session().inspection.changes(of: path, in: window))
    case .bisect(let condition):
      let session = try session()
      let answer = try session.inspection.bisect(condition)
      // Where it first holds: the base when it holds from the start; nowhere when it never does.
      if let first = answer.first, first.index != session.inspection.position {
        try session.timeTravel.jump(to: first.index)
      } else if answer.holdsAtStart {
        try session.timeTravel.jump(to: 0)
      }
      return .answer(answer)
    case .insert(let index, let action):
      try await debugger.insert(action, before: index, in: try session(), origin: origin)
      return .done
    case .shrink(let goal, let budget):
      let progress = shrinkProgress
      return .answer(try await debugger.shrink(try session(), keeping: goal, budget: budget) { progress?($0) })
    case .cancel(let job):
      try session().running.cancelJobs(job)
      return .done
    case .show(let index):
      let (record, diff) = try session().inspection.entry(index)
      return .entry(record, diff)
    case .trace(let logPoint):
      let session = try session()
      let breakpoint = try session.breakpointControl.addBreakpoint(.trace(logPoint), isOneShot: false, ignoreCount: 0)
      return .answer(
        LogPointTrace(
          breakpoint: breakpoint.id, logPoint: logPoint.description, past: session.inspection.trace(logPoint),
          notes: session.breakpointControl.notes(on: breakpoint)))
    case .addBreakpoint, .delete, .setEnabled, .ignore, .condition, .breakpointCommands, .saveBreakpoints:
      return try manageBreakpoints(command)
    case .info(let topic):
      return try info(topic)
    case .jobSpans(let window):
      let (spans, position) = try session().inspection.jobSpans(in: window)
      return .jobSpans(spans, window: position)
    case .step, .next, .continue, .pause, .backtrace, .wait, .advance:
      return try await run(command)
    case .jump, .toggle, .reset, .commit, .replace, .original:
      return try travel(command)
    case .save, .load, .source, .exportTest, .exportTrace:
      return try useFiles(command)
    case .setVariable(let edit):
      try session().running.setValue(edit, origin: origin)
      return .done
    case .set(.diff(let display)):
      try session().inspection.diffDisplay = display
      debugger.options.diffDisplay = display
      return .message(["diff display: \(display.rawValue)"])
    case .set(.cycle(let overrides)):
      let session = try session()
      session.inspection.cycleDetection = overrides.applied(to: session.inspection.cycleDetection)
      debugger.options.cycleOverrides = overrides.merged(over: debugger.options.cycleOverrides)
      return .message([session.inspection.cycleDetection.summary])
    case .set(.historyLimit(let limit)):
      try session().inspection.historyLimit = limit
      debugger.options.historyLimit = limit
      return .message(["history limit: \(limit) entries"])
    case .set(.width(let width)):
      return .host(.setWidth(width))
    case .set(.waitLimit(let limit)):
      try session().inspection.waitLimit = limit
      debugger.options.waitLimit = limit
      return .message(["wait limit: \(DurationText.format(limit: limit))"])
    case .use(let name):
      try debugger.use(name)
      let summary = debugger.registry.feature(named: name)?.summary ?? ""
      return .switched(feature: name, summary: summary)
    case .quit:
      return .host(.quit)
    case .ui(let allowsFiles):
      return .host(.openPage(allowingFiles: allowsFiles))
    case .expect(let expectation):
      return .expectation(try evaluate(expectation))
    }
  }
}
