import Sluice
import SluiceDebugger

/// Renders what commands and sessions produce as plain text lines, without colour: the
/// script runner prints them as they are, the shell colours them by their markers.
///
/// ```text
/// #3 .add(title: "Milk")  ← script
///   Todos.State(
///     todos: [
/// +     [0]: Todo(id: 1, title: "Milk", isDone: false)
///     ],
///     … (2 unchanged)
///   )
/// ⚠ cycle detected: .ping reduced 21 times within 1s: .ping → .pong → .ping (policy: pause)
/// ⏸ stopped at breakpoint 1 before .checkout
/// ```
public struct TextRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The lines for one session event.
  public func lines(for event: DebugEvent) -> [String] {
    typedLines(for: event).map(\.text)
  }

  /// The lines for one session event, each with its kind.
  public func typedLines(for event: DebugEvent) -> [RenderedLine] {
    switch event {
    case .reduced(let record, let diff, let shown):
      var lines = [RenderedLine(.headline, headline(of: record))]
      switch shown {
      case .full:
        if let diff {
          lines += diff.isEmpty ? [RenderedLine(.plain, "  (no changes)")] : RenderedLine.lines(of: diff)
        }
      case .summary:
        if let paths = diff?.changedPaths ?? record.changedPaths {
          lines.append(RenderedLine(.plain, changedSummary(paths.map(\.description))))
        }
      case .off:
        break
      }
      return lines
    case .stopped(let reason):
      return [RenderedLine(.stop, stopLine(reason))]
    case .cycleDetected(let report):
      let chain = ["  " + report.path] + backtraceLines(report.chain).map { "  " + $0 }
      return [RenderedLine(.warning, "⚠ " + describe(report.warning))] + chain.map { RenderedLine(.plain, $0) }
    case .cycleRepeated(let report):
      return [cycleRepeatedLine(report.warning.cycleDescription, seen: report.count)]
    case .dropped(let action, let reason):
      return [droppedLine(action, reason: describe(reason))]
    case .jobFailed(let job):
      let message: String
      if case .failed(let text) = job.status { message = text } else { message = "failed" }
      return [RenderedLine(.failure, "✗ \(describe(job)) failed: \(message)")]
    case .stateReplaced(let reason, let diff):
      var lines = [RenderedLine(.plain, "↺ " + reason)]
      if let diff, !diff.isEmpty { lines += RenderedLine.lines(of: diff) }
      return lines
    case .jobCancelled(let job, let reason):
      return [RenderedLine(.failure, "✗ cancelled \(describe(job)): \(reason)")]
    case .referenceInState(let path, let typeName):
      return referenceLines(path: path, typeName: typeName)
    case .replayDiverged(let divergence):
      return divergenceLines(
        divergence.explanation, command: divergence.command, diff: RenderedLine.lines(of: divergence.diff))
    case .forked(let index, let dropped):
      let entries = dropped.count == 1 ? "#\(dropped.lowerBound)" : "#\(dropped.lowerBound)–#\(dropped.upperBound)"
      return [RenderedLine(.warning, "⑂ forked at #\(index): dropped \(entries)")]
    case .traced(let id, let entry):
      return [RenderedLine(.plain, "trace \(id): " + Self.tracedLine(entry))]
    case .eventsDropped(let count):
      return [RenderedLine(.warning, "⚠ \(count) earlier event\(count == 1 ? " was" : "s were") dropped unseen: nobody took them")]
    case .timeAdvanced(_, let to):
      return [RenderedLine(.plain, "advanced virtual time to \(DurationText.format(to))")]
    }
  }

  /// `#3 .add(title: "Milk")  ← script`, with `(skipped)` for an entry time travel skips and
  /// `(read live on replay)` for one whose replay read values it had not recorded.
  public func headline(of record: HistoryRecord) -> String {
    headline(
      index: record.index, action: record.action, origin: record.origin.description, isSkipped: record.isSkipped,
      readLiveOnReplay: record.readLiveOnReplay)
  }

  /// A headline from its parts, as a `reduced` event carries them.
  package func headline(index: Int, action: String, origin: String, isSkipped: Bool, readLiveOnReplay: Bool) -> String {
    // One line per action reduced: sized once rather than grown by each piece.
    var line = "#"
    line.reserveCapacity(action.utf8.count + origin.utf8.count + 40)
    line += String(index)
    line += " "
    line += action
    line += "  ← "
    line += origin
    if isSkipped { line += "  (skipped)" }
    if readLiveOnReplay { line += "  (read live on replay)" }
    return line
  }

  /// `  changed: todos, count`, or `  (no changes)`.
  package func changedSummary(_ paths: [String]) -> String {
    paths.isEmpty ? "  (no changes)" : "  changed: " + paths.joined(separator: ", ")
  }

  /// `⚠ cycle .ping → .pong → .ping seen 1,000 times`.
  package func cycleRepeatedLine(_ cycle: String, seen count: Int) -> RenderedLine {
    RenderedLine(.warning, "⚠ cycle \(cycle) seen \(count.formatted(.number.grouping(.automatic))) times")
  }

  /// `✗ dropped .tick: the store was released`.
  package func droppedLine(_ action: String, reason: String) -> RenderedLine {
    RenderedLine(.failure, "✗ dropped \(action): \(reason)")
  }

  /// The warning that the state holds a class instance, and what to do.
  package func referenceLines(path: String, typeName: String) -> [RenderedLine] {
    let place = path.isEmpty ? "the state" : "`\(path)`"
    return [
      RenderedLine(
        .warning, "⚠ \(place) holds \(TypeName.withArticle(typeName)), a class: the reducer can change it in place, where history cannot see it."),
      RenderedLine(
        .plain,
        "  Diffs, jump, toggle and load show what was recorded, not its later changes; make \(typeName) a struct to debug it."),
    ]
  }

  /// A replay that diverged: the warning and, unless `load` (whose own answer shows the
  /// entry's change and the final states), the diff of recorded against replayed.
  package func divergenceLines(_ explanation: String, command: String, diff: [RenderedLine]) -> [RenderedLine] {
    let warning = RenderedLine(.warning, "⚠ " + explanation)
    guard command != "load" else { return [warning] }
    return [warning, RenderedLine(.plain, "  recorded (−) against replayed (+):")] + diff
  }

  /// `⏸ stopped at breakpoint 1 before .checkout`.
  public func stopLine(_ reason: StopReason) -> String {
    switch reason {
    case .breakpoint(let id, let action):
      return "⏸ stopped at breakpoint \(id) before \(action)"
    case .watchpoint(let id, let path, let old, let new, let index):
      return "⏸ stopped at watchpoint \(id) after #\(index): \(path) changed from \(old) to \(new)"
    case .cycle(let warning):
      return "⏸ stopped by the cycle detector before .\(warning.caseName) (\(warning.cycleDescription))"
    case .job(let id, let job):
      return "⏸ stopped at breakpoint \(id) before \(describe(job)) starts"
    case .requested:
      return "⏸ paused"
    case .step:
      return "⏸ stopped after a step"
    }
  }

  /// A cycle warning on one line: the signal, the cycle and the policy.
  public func describe(_ warning: CycleWarning) -> String {
    let signal: String
    switch warning.signal {
    case .frequency(let count, let window):
      signal = ".\(warning.caseName) reduced \(count) times within \(DurationText.format(window))"
    case .depth(let depth):
      signal = ".\(warning.caseName) at causal depth \(depth)"
    }
    // A loop through the program's own code has no chain inside the store: say where it runs.
    let outside =
      warning.cameBackFromOutsideTheStore
      ? ", each sent from outside the store by the program's own code (an observer, a view or a callback)" : ""
    return "cycle detected: \(signal): \(warning.cycleDescription)\(outside) (policy: \(warning.policy.rawValue))"
  }

  /// `middleware 'payment' (job #7)`.
  public func describe(_ job: JobInfo) -> String {
    describeJob(kind: job.kind.rawValue, name: job.name, number: job.id.rawValue)
  }

  /// A job's span as a job: `effect 'search' (job #3)`.
  public func describe(_ span: JobSpan) -> String {
    describeJob(kind: span.kind.rawValue, name: span.name, number: span.id.rawValue)
  }

  /// A job from its parts, as events carry them: `middleware 'payment' (job #7)`.
  package func describeJob(kind: String, name: String, number: some BinaryInteger) -> String {
    "\(kind) '\(name)' (job #\(number))"
  }

  /// Why an action was dropped, as a phrase.
  public func describe(_ reason: DropReason) -> String {
    switch reason {
    case .jobCancelled(let id): "the job that sent it (\(id)) was cancelled"
    case .jobEnded(let id): "the job that sent it (\(id)) had already ended"
    case .storeReleased: "the store was released"
    case .discarded(let why): why
    case .cycleBroken(let warning): "the cycle detector broke the chain (\(warning.cycleDescription))"
    }
  }

  /// How a job stands: `pending (held)`, `running`, `failed: Offline`.
  public func describe(_ status: JobStatus, isHeld: Bool = false) -> String {
    let text: String
    switch status {
    case .pending: text = "pending"
    case .running: text = "running"
    case .finished: text = "finished"
    case .cancelled: text = "cancelled"
    case .failed(let message): text = "failed: \(message)"
    }
    return isHeld ? text + " (held)" : text
  }

  /// How a wait ended, as one line.
  public func describe(_ outcome: WaitOutcome, timeout: Duration? = nil) -> String {
    switch outcome {
    case .idle:
      return "idle"
    case .paused:
      return "paused"
    case .waitingForTime(let jobs):
      return "every job waits for virtual time (\(jobs.joined(separator: ", "))): advance to move on"
    case .timedOut(let jobs):
      let after = timeout.map { " after \(DurationText.format($0))" } ?? ""
      return "still running\(after): \(jobs.joined(separator: ", "))"
    }
  }
}
