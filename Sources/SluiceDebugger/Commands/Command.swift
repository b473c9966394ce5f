/// One line of the debugger's command language, parsed: what the shell and the script runner
/// ask a ``CommandInterpreter`` to do.
///
/// Paths, conditions, durations and action syntax are checked when the line is parsed, so a
/// typo is reported with its column before anything runs; whether an action fits the
/// feature's `Action` type, or a path leads anywhere in its state, is only known when the
/// command runs.
public enum Command: Equatable, Sendable {
  /// `help [COMMAND]`: the command list, or one command's usage.
  case help(topic: String?)
  /// `send ACTION`, or a bare `.action` / `{json}` line: decode and send an action.
  case send(action: ActionArgument)
  /// `state [PATH] [at N]` / `print [PATH] [at N]`: the state, or the value at a path, as a
  /// tree: in the state after entry `at` when given, else after the selected frame's entry
  /// when `frame` selected one, else now.
  case state(path: String?, at: Int? = nil)
  /// `diff` (the last action's diff) or `diff A [B]` (between history entries; `B`
  /// omitted means the current state).
  case diff(DiffRequest)
  /// `log [N]`, `log from I [N]`, and `log case PATTERN`, `log changed PATH`, `log origin KIND
  /// [NAME]`, each with an optional window (`N`, `from I [N]`).
  case log(LogQuery)
  /// `log hide [PATTERN]`, `log unhide [PATTERN]`: the cases every `log` listing leaves out.
  case logHiding(LogHiding)
  /// `show N`: one history entry and its diff.
  case show(index: Int)
  /// `break …`, `tbreak …`, `watch PATH`: adds a breakpoint of any kind.
  case addBreakpoint(Breakpoint.Kind, isOneShot: Bool)
  /// `delete [ID…]`: deletes the given breakpoints, or all of them.
  case delete(ids: [Int])
  /// `enable ID` / `disable ID`.
  case setEnabled(id: Int, enabled: Bool)
  /// `ignore ID COUNT`: lets the next `COUNT` matches pass.
  case ignore(id: Int, count: Int)
  /// `condition ID [CONDITION]`: an action breakpoint stops only when the condition holds;
  /// none makes it stop always.
  case condition(id: Int, StateCondition?)
  /// `commands [ID]`, then one command per line up to `end`: what breakpoint `ID` (the one
  /// made last when omitted) runs when it stops; an empty list removes them. The parser
  /// reads the first line, with no lines; the shell and the script runner collect them
  /// (`CommandBlock`).
  case breakpointCommands(id: Int, lines: [String])
  /// `save breakpoints FILE`: the breakpoints as a script that `source FILE` restores.
  case saveBreakpoints(path: String)
  /// `info TOPIC`, and the shorthands `jobs` and `features`.
  case info(InfoTopic)
  /// `jobs --all [N | from I [N]]`: every job the session saw, running or ended, as spans
  /// (``JobSpan``), or a window of them (spans launched by entry `I` or later).
  case jobSpans(ListingWindow)
  /// `step`: performs one unit of work while paused.
  case step
  /// `next`: finishes the current action and everything it caused, stopping at the first hit.
  case next
  /// `continue`: resumes and runs until a breakpoint or idle.
  case `continue`
  /// `pause`: stops before the next action.
  case pause
  /// `backtrace [N]`: the causal chain of the current action; only the innermost `limit`
  /// frames when given.
  case backtrace(limit: Int?)
  /// `frame [N]`, `up [N]`, `down [N]`: selects a frame of the backtrace, whose entry's
  /// state `print` and `diff` then show.
  case frame(FrameMove)
  /// `display PATH`: shows the value at PATH now and after every command that moves the
  /// program.
  case display(path: String)
  /// `undisplay [N…]`: deletes the given displays, or all of them.
  case undisplay(numbers: [Int])
  /// `reverse-step`: back one entry, as `jump` to the entry before the position.
  case reverseStep
  /// `reverse-next`: back over the whole causal chain of the entry at the position, to the
  /// entry before its root: the undoing of `next`.
  case reverseNext
  /// `jump N`: makes the state the one after entry `N`.
  case jump(index: Int)
  /// `toggle N`: skips entry `N`, or stops skipping it.
  case toggle(index: Int)
  /// `reset`: back to the base state, history forgotten.
  case reset
  /// `commit`: the current state becomes the base.
  case commit
  /// `save FILE`: the session.
  case save(path: String)
  /// `load FILE`, or `load as NAME FILE`: the file loaded into the feature `NAME`
  /// whatever feature it names (a program's recording names its store).
  case load(path: String, feature: String? = nil)
  /// `source FILE`: runs the commands in a file (carried out by the script runner).
  case source(path: String)
  /// `export test FILE`: the session as a Swift Testing test.
  case exportTest(path: String)
  /// `export trace FILE`: the session as a trace in the Trace Event Format.
  case exportTrace(path: String)
  /// `set NAME VALUE`.
  case set(Setting)
  /// `set var PATH = VALUE`: sets a value of the current state, recorded in the history as
  /// an edit.
  case setVariable(StateEdit)
  /// `use NAME`: switches to another feature's session.
  case use(feature: String)
  /// `quit`.
  case quit
  /// `ui [--allow-files]`: the page that shows the session's timeline in a browser (carried
  /// out by the host, which serves it and prints its address); `allowsFiles`: its pages may
  /// run the commands that read or write files, as the user at the terminal asked.
  case ui(allowsFiles: Bool = false)
  /// `expect …`: a script's assertion on the state.
  case expect(Expectation)
  /// `wait [--allow-running] [TIMEOUT]`: until idle, paused, or every job waits for virtual
  /// time. In a script, work still running at the timeout fails the run unless
  /// `--allow-running` says it is expected.
  case wait(timeout: Duration?, allowsRunning: Bool = false)
  /// `advance DURATION`: moves virtual time.
  case advance(Duration)
  /// `cancel JOB`: cancels a live job, named by its id or its name.
  case cancel(job: String)
  /// `find TEXT [at N]`: the paths whose keys or values contain `text`, in the current
  /// state or the state after entry `at`.
  case find(text: String, at: Int?)
  /// `why PATH [at N]`: the entry that last set the value at `path`, as seen at the position
  /// or after entry `at`, with its causal chain and reads.
  case why(path: String, at: Int?)
  /// `history PATH [WINDOW]`: every change of the value at `path`, oldest first.
  case pathHistory(path: String, ListingWindow)
  /// `bisect CONDITION`: the first entry after which `condition` holds, and every entry
  /// after which it changed; the position moves there.
  case bisect(StateCondition)
  /// `shrink [budget N] [CONDITION]`: the smallest subsequence of the root actions whose
  /// replay still shows the failure (the condition holds at the end; without one, the cycle
  /// the session warned of, or its failed job), in at most `budget` replays; it becomes the timeline.
  case shrink(ShrinkGoal?, budget: Int)
  /// `trace PATTERN [if CONDITION] print PATH…`: makes a log point, and answers with what it
  /// would have printed before each kept entry it matches.
  case trace(LogPoint)
  /// `replace N ACTION`: a what-if: entry `index`'s action becomes `action`, later states
  /// recomputed by replay; the history before is kept as the original.
  case replace(index: Int, action: ActionArgument)
  /// `insert N ACTION`: a what-if: `action` is sent before entry `index`, at its time, and the
  /// actions sent are replayed with it, effects and timers running; the timeline before is
  /// kept as the original.
  case insert(index: Int, action: ActionArgument)
  /// `original restore` / `original forget`: back to the original history, or keep the
  /// what-ifs and forget it.
  case original(OriginalMove)

  /// What `original` does with the history kept before the first what-if.
  public enum OriginalMove: String, Equatable, Sendable, CaseIterable {
    /// Goes back to it, dropping the what-ifs.
    case restore
    /// Forgets it, keeping the what-ifs.
    case forget
  }

  /// Which frame `frame`, `up` and `down` select.
  public enum FrameMove: Equatable, Sendable {
    /// `frame`: the selected frame, shown again.
    case current
    /// `frame N`.
    case number(Int)
    /// `up [N]`: `N` frames towards the root (outwards).
    case up(Int)
    /// `down [N]`: `N` frames towards the current action (inwards).
    case down(Int)
  }

  /// Which diff `diff` shows.
  public enum DiffRequest: Equatable, Sendable {
    /// The diff made by the last action.
    case lastAction
    /// The diff from the state after entry `from` to the one after `to` (`nil`: current).
    case between(from: Int, to: Int?)
    /// `diff original`: from the last state of the history kept before the first what-if to
    /// the last state now, with the first entry where the two differ.
    case original
  }

  /// Which history entries `log` lists.
  public enum LogQuery: Equatable, Sendable {
    /// The last `count` entries (``CommandInterpreter/defaultLogCount`` when `nil`).
    case last(Int?)
    /// `count` entries (``CommandInterpreter/defaultLogCount`` when `nil`) from entry `from`
    /// on: a window of a long history, as a page scrolling through it asks.
    case window(from: Int, count: Int?)
    /// The entries a filter keeps, all of them or a window of them: `log case todo.*`,
    /// `log changed todos[0].isDone from 40 20`.
    case filtered(LogFilter, ListingWindow)
  }

  /// What `log hide` and `log unhide` change.
  public enum LogHiding: Equatable, Sendable {
    /// `log hide PATTERN`: leave out the entries whose case matches the glob.
    case hide(String)
    /// `log unhide PATTERN` shows that pattern's cases again; `log unhide` every case.
    case unhide(String?)
    /// `log hide`: the patterns hidden.
    case list
  }

  /// What `info` shows.
  public enum InfoTopic: String, Equatable, Sendable, CaseIterable {
    /// Every breakpoint and watchpoint.
    case breakpoints
    /// Jobs scheduled and not ended.
    case jobs
    /// The registered features.
    case features
    /// The cycle detector's warnings so far.
    case cycles
    /// The session's settings.
    case settings
    /// The paths `display` shows.
    case display
    /// What the session offers, and what it does not and why.
    case capabilities
  }

  /// A setting `set` changes.
  public enum Setting: Equatable, Sendable {
    /// How much of each change is shown after an action: `set diff full|summary|off`.
    case diff(DiffDisplay)
    /// The cycle detector, over its current settings: `set cycle policy pause`,
    /// `set cycle limit 50`, `set cycle window 2s`, `set cycle depth off`.
    case cycle(CycleOverrides)
    /// `set history limit N`: how many entries history keeps before folding the oldest.
    case historyLimit(Int)
    /// `set wait limit DURATION|none`: the longest `wait`, `continue`, `advance` and stepping
    /// wait in real time for jobs that show no progress; `nil` for no bound.
    case waitLimit(Duration?)
    /// `set width N|unlimited`: how many columns a one-line context (a `log` line, a stop)
    /// takes before its value is elided; `nil` for no limit. The host's: a terminal setting.
    case width(Int?)
  }

  /// What `expect` asserts.
  public enum Expectation: Equatable, Sendable {
    /// `expect PATH OP VALUE`.
    case condition(StateCondition)
    /// `expect PATH changed`: the last action changed the value at the path.
    case changed(path: String)
  }
}

extension Command {
  /// How many replays `shrink` runs at most when not told: enough for a 1-minimal result
  /// from a few hundred actions whose failure needs a few of them.
  public static let defaultShrinkBudget = 1_000
}
