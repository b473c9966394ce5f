import SluiceDebugger

/// What every host of a command loop — the shell, the attached shell, the script runner —
/// does itself rather than the session, in one place: an empty line that runs the last step
/// again, `ui`'s page, and the command lists of the breakpoints that stopped. (`source` and
/// `quit` end up here as ``HostCommand``s; each host reads its own lines.)
@MainActor
package final class CommandHost {
  /// Serves the session's page for `ui`; `nil` where nothing can (a script run).
  package var pageOpener: PageOpener?
  /// How wide one-line output may be where this host shows text (`set width`).
  package var width = OutputWidth.terminal
  /// The text of the last command that repeats on an empty line (`step`, `next`).
  private var repeatable: String?
  /// Whether breakpoints' command lists are running: the lists of the stops they cause
  /// join that loop rather than start one of their own.
  package private(set) var isRunningStopCommands = false
  /// Lists taken outside the loop, waiting for its next run.
  private var heldStopCommands: [StopCommands] = []

  /// A host whose `ui` serves pages through `pageOpener`.
  package init(pageOpener: PageOpener? = nil) {
    self.pageOpener = pageOpener
  }

  // MARK: - Repeating

  /// The command an empty line runs: the last one that repeats on an empty line, as gdb's
  /// Enter steps again; `nil` when there is none.
  package var commandForEmptyLine: String? { repeatable }

  /// Notes that `text` ran as `command` (`nil`: it did not read as one), which decides what
  /// an empty line runs next.
  package func noteRan(_ text: String, as command: Command?) {
    repeatable = command?.repeatsOnEmptyLine == true ? text : nil
  }

  // MARK: - Width

  /// What `set width` answers, once the host took the new width.
  package func setWidth(_ columns: Int?) -> String {
    width = columns.map(OutputWidth.columns) ?? .unlimited
    return columns.map { "width: \($0) columns" } ?? "width: unlimited"
  }

  // MARK: - The page

  /// What `ui` answers: the line that gives the page's address once it is served, or why
  /// it is not (no host here serves one, or serving failed).
  package func openPage(allowingFiles: Bool) async -> Result<String, DebugError> {
    guard let pageOpener else { return .failure(DebugError(PageOpener.unavailable)) }
    return await pageOpener.open(allowingFiles).map { "the session's timeline: \($0)" }
  }

  // MARK: - Breakpoints' command lists

  /// Keeps `lists`, taken where they cannot run yet (a breakpoint stopped in the
  /// background, between commands), for the next ``runStopCommands(taking:parser:isStopped:run:)``.
  package func hold(_ lists: [StopCommands]) {
    heldStopCommands += lists
  }

  /// Runs the command lists of the breakpoints that stopped, each line through `run`, until
  /// none is left or `isStopped` says so: a list that resumes the store (`continue`,
  /// `step`, `next`) ends there, as in gdb, and the lists of the breakpoints it stops at
  /// next run after it. `take` hands over the lists that stopped since it was last asked.
  /// Called again while they run (a line of a list stopped at a breakpoint), it returns at
  /// once: the running loop takes the new lists.
  package func runStopCommands(
    taking take: () -> [StopCommands], parser: CommandParser, isStopped: () -> Bool,
    run: (_ line: String, _ offset: Int, _ list: StopCommands) async -> Void
  ) async {
    guard !isRunningStopCommands else { return }
    isRunningStopCommands = true
    defer { isRunningStopCommands = false }
    var lists: [StopCommands] = []
    func takeAll() {
      lists += heldStopCommands + take()
      heldStopCommands.removeAll()
    }
    takeAll()
    while !lists.isEmpty, !isStopped() {
      let list = lists.removeFirst()
      for (offset, line) in list.lines.enumerated() {
        if isStopped() { return }
        await run(line, offset, list)
        if (try? parser.parse(line))?.resumesRunning == true { break }
      }
      takeAll()
    }
  }
}
