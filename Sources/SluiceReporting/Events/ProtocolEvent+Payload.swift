extension ProtocolEvent {
  /// What an event reports; its case name is the event's `event` key.
  public enum Payload: Sendable, Equatable {
    /// A script's command, echoed before its results.
    case command(CommandEcho)
    /// An action was reduced.
    case reduced(Reduced)
    /// The store stopped: a breakpoint, a watchpoint, a cycle, a job, a step.
    case stopped(Stopped)
    /// The cycle detector warned.
    case cycle(CycleDetected)
    /// A cycle already reported was seen again.
    case cycleRepeated(CycleRepeated)
    /// An action was dropped without being reduced.
    case dropped(Dropped)
    /// A job failed.
    case jobFailed(JobFailed)
    /// The state was replaced without an action (time travel, load, reset).
    case stateReplaced(StateReplaced)
    /// A job was cancelled.
    case jobCancelled(JobCancelled)
    /// The state holds a class instance, which time travel cannot restore.
    case referenceInState(ReferenceInState)
    /// Replaying history gave another state than the one recorded.
    case replayDiverged(ReplayDiverged)
    /// Events nobody took were dropped.
    case eventsDropped(EventsDropped)
    /// A client attached to a program: the first event it receives.
    case hello(Hello)
    /// A completion request was answered.
    case completions(CompletionList)
    /// The current store's status changed (sent to an attached client that asked).
    case status(StoreStatus)
    /// The session moved on (sent to a client that watches it beside the shell).
    case changed(SessionChanged)
    /// An action after a jump forked the timeline, dropping the entries after the position.
    case forked(Forked)
    /// A command other than `advance` moved virtual time.
    case timeAdvanced(TimeAdvanced)
    /// A log point printed before an action, and the session went on.
    case traced(Traced)
    /// An expectation was checked.
    case expectation(Expectation)
    /// A line failed to parse or a command failed.
    case error(ErrorMessage)
    /// `wait` or `continue` ended.
    case waited(Waited)
    /// The virtual clock moved.
    case advanced(Advanced)
    /// `step` or `next` ran.
    case stepped(Stepped)
    /// `print` answered.
    case value(Value)
    /// `help` answered.
    case help(Answer<Help>)
    /// `log` listed entries.
    case logEntries(Answer<LogEntries>)
    /// `show` answered.
    case entry(Answer<Entry>)
    /// `diff` answered.
    case diff(Answer<Diff>)
    /// `find` answered.
    case matches(Answer<Matches>)
    /// `break`, `tbreak` or `watch` made a breakpoint.
    case breakpointAdded(Answer<BreakpointAdded>)
    /// `info breakpoints` answered.
    case breakpoints(Answer<Breakpoints>)
    /// `info jobs` answered.
    case jobs(Answer<Jobs>)
    /// `jobs --all` answered.
    case jobSpans(Answer<JobSpans>)
    /// `info features` answered.
    case features(Answer<Features>)
    /// `info cycles` answered.
    case cycles(Answer<Cycles>)
    /// `info settings` answered.
    case settings(Answer<Settings>)
    /// A command whose answer is declared as a `CommandAnswer` answered (`info capabilities`);
    /// the event's name is its declared one.
    case answer(Answer<DeclaredAnswer>)
    /// `backtrace` answered.
    case backtrace(Answer<Backtrace>)
    /// `frame`, `up` or `down` selected a frame.
    case frame(Answer<SelectedFrame>)
    /// `display` or `info display` answered.
    case displays(Answer<Displays>)
    /// `toggle` answered.
    case toggled(Answer<Toggled>)
    /// `save` wrote the session.
    case saved(Answer<Saved>)
    /// `load` read a session.
    case loaded(Answer<Loaded>)
    /// `use` switched features.
    case switched(Answer<Switched>)
    /// Any other command's answer that has no structure (a confirmation), as its text lines.
    case output(Output)
    /// A line of a report in another format than JSON (`--format junit|github`).
    case report(ReportLine)
    /// The run ended.
    case finished(Finished)
    /// Everything a command request caused has been written.
    case completed(Completed)

    /// The `event` key: the case's name.
    public var name: String {
      switch self {
      case .command: "command"
      case .reduced: "reduced"
      case .stopped: "stopped"
      case .cycle: "cycle"
      case .cycleRepeated: "cycleRepeated"
      case .dropped: "dropped"
      case .jobFailed: "jobFailed"
      case .stateReplaced: "stateReplaced"
      case .jobCancelled: "jobCancelled"
      case .referenceInState: "referenceInState"
      case .replayDiverged: "replayDiverged"
      case .eventsDropped: "eventsDropped"
      case .hello: "hello"
      case .completions: "completions"
      case .status: "status"
      case .changed: "changed"
      case .forked: "forked"
      case .timeAdvanced: "timeAdvanced"
      case .traced: "traced"
      case .expectation: "expectation"
      case .error: "error"
      case .waited: "waited"
      case .advanced: "advanced"
      case .stepped: "stepped"
      case .value: "value"
      case .help: "help"
      case .logEntries: "logEntries"
      case .entry: "entry"
      case .diff: "diff"
      case .matches: "matches"
      case .breakpointAdded: "breakpointAdded"
      case .breakpoints: "breakpoints"
      case .jobs: "jobs"
      case .jobSpans: "jobSpans"
      case .features: "features"
      case .cycles: "cycles"
      case .settings: "settings"
      case .answer(let answer): answer.fields.event
      case .backtrace: "backtrace"
      case .frame: "frame"
      case .displays: "displays"
      case .toggled: "toggled"
      case .saved: "saved"
      case .loaded: "loaded"
      case .switched: "switched"
      case .output: "output"
      case .report: "report"
      case .finished: "finished"
      case .completed: "completed"
      }
    }

    /// Every event name, in the schema's order.
    public static let names = [
      "command", "reduced", "stopped", "cycle", "cycleRepeated", "dropped", "jobFailed", "stateReplaced",
      "jobCancelled", "referenceInState", "replayDiverged", "eventsDropped", "forked", "timeAdvanced", "traced", "expectation",
      "error", "waited", "advanced", "stepped", "value", "help", "logEntries", "entry", "diff", "matches",
      "breakpointAdded", "breakpoints", "jobs", "features", "cycles", "settings", "backtrace", "frame", "displays", "toggled",
      "saved", "loaded", "switched", "output", "report", "finished", "completed", "hello",
      "completions", "status", "jobSpans", "changed",
    ]

    var body: any Encodable {
      switch self {
      case .command(let body): body
      case .reduced(let body): body
      case .stopped(let body): body
      case .cycle(let body): body
      case .cycleRepeated(let body): body
      case .dropped(let body): body
      case .jobFailed(let body): body
      case .jobCancelled(let body): body
      case .stateReplaced(let body): body
      case .referenceInState(let body): body
      case .replayDiverged(let body): body
      case .eventsDropped(let body): body
      case .hello(let body): body
      case .completions(let body): body
      case .status(let body): body
      case .changed(let body): body
      case .forked(let body): body
      case .timeAdvanced(let body): body
      case .traced(let body): body
      case .expectation(let body): body
      case .error(let body): body
      case .waited(let body): body
      case .advanced(let body): body
      case .stepped(let body): body
      case .value(let body): body
      case .help(let body): body
      case .logEntries(let body): body
      case .entry(let body): body
      case .diff(let body): body
      case .matches(let body): body
      case .breakpointAdded(let body): body
      case .breakpoints(let body): body
      case .jobs(let body): body
      case .jobSpans(let body): body
      case .features(let body): body
      case .cycles(let body): body
      case .settings(let body): body
      case .answer(let body): body
      case .backtrace(let body): body
      case .frame(let body): body
      case .displays(let body): body
      case .toggled(let body): body
      case .saved(let body): body
      case .loaded(let body): body
      case .switched(let body): body
      case .output(let body): body
      case .report(let body): body
      case .finished(let body): body
      case .completed(let body): body
      }
    }

    init<Keys>(named name: String, from decoder: any Decoder, at container: KeyedDecodingContainer<Keys>) throws {
      switch name {
      case "command": self = .command(try CommandEcho(from: decoder))
      case "reduced": self = .reduced(try Reduced(from: decoder))
      case "stopped": self = .stopped(try Stopped(from: decoder))
      case "cycle": self = .cycle(try CycleDetected(from: decoder))
      case "cycleRepeated": self = .cycleRepeated(try CycleRepeated(from: decoder))
      case "dropped": self = .dropped(try Dropped(from: decoder))
      case "jobFailed": self = .jobFailed(try JobFailed(from: decoder))
      case "stateReplaced": self = .stateReplaced(try StateReplaced(from: decoder))
      case "jobCancelled": self = .jobCancelled(try JobCancelled(from: decoder))
      case "referenceInState": self = .referenceInState(try ReferenceInState(from: decoder))
      case "replayDiverged": self = .replayDiverged(try ReplayDiverged(from: decoder))
      case "eventsDropped": self = .eventsDropped(try EventsDropped(from: decoder))
      case "hello": self = .hello(try Hello(from: decoder))
      case "completions": self = .completions(try CompletionList(from: decoder))
      case "status": self = .status(try StoreStatus(from: decoder))
      case "changed": self = .changed(try SessionChanged(from: decoder))
      case "forked": self = .forked(try Forked(from: decoder))
      case "traced": self = .traced(try Traced(from: decoder))
      case "timeAdvanced": self = .timeAdvanced(try TimeAdvanced(from: decoder))
      case "expectation": self = .expectation(try Expectation(from: decoder))
      case "error": self = .error(try ErrorMessage(from: decoder))
      case "waited": self = .waited(try Waited(from: decoder))
      case "advanced": self = .advanced(try Advanced(from: decoder))
      case "stepped": self = .stepped(try Stepped(from: decoder))
      case "value": self = .value(try Value(from: decoder))
      case "help": self = .help(try Answer<Help>(from: decoder))
      case "logEntries": self = .logEntries(try Answer<LogEntries>(from: decoder))
      case "entry": self = .entry(try Answer<Entry>(from: decoder))
      case "diff": self = .diff(try Answer<Diff>(from: decoder))
      case "matches": self = .matches(try Answer<Matches>(from: decoder))
      case "breakpointAdded": self = .breakpointAdded(try Answer<BreakpointAdded>(from: decoder))
      case "breakpoints": self = .breakpoints(try Answer<Breakpoints>(from: decoder))
      case "jobs": self = .jobs(try Answer<Jobs>(from: decoder))
      case "jobSpans": self = .jobSpans(try Answer<JobSpans>(from: decoder))
      case "features": self = .features(try Answer<Features>(from: decoder))
      case "cycles": self = .cycles(try Answer<Cycles>(from: decoder))
      case "settings": self = .settings(try Answer<Settings>(from: decoder))
      case "backtrace": self = .backtrace(try Answer<Backtrace>(from: decoder))
      case "frame": self = .frame(try Answer<SelectedFrame>(from: decoder))
      case "displays": self = .displays(try Answer<Displays>(from: decoder))
      case "toggled": self = .toggled(try Answer<Toggled>(from: decoder))
      case "saved": self = .saved(try Answer<Saved>(from: decoder))
      case "loaded": self = .loaded(try Answer<Loaded>(from: decoder))
      case "switched": self = .switched(try Answer<Switched>(from: decoder))
      case "output": self = .output(try Output(from: decoder))
      case "report": self = .report(try ReportLine(from: decoder))
      case "finished": self = .finished(try Finished(from: decoder))
      case "completed": self = .completed(try Completed(from: decoder))
      default:
        // An answer declared after this reader was built: a command's keys and its fields.
        if let answer = try? Answer<DeclaredAnswer>(from: decoder) {
          self = .answer(answer)
          return
        }
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath, debugDescription: "unknown event '\(name)' (known: \(Self.names.joined(separator: ", ")))"))
      }
    }
  }
}
