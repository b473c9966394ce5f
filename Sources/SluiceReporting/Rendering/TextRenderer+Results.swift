import SluiceDebugger

extension TextRenderer {
  /// The lines for a command's result, each with its kind; empty when the events say it all.
  public func typedLines(for result: CommandResult) -> [RenderedLine] {
    switch result {
    case .diff(let title, let diff):
      return [RenderedLine(.plain, "diff \(title):")]
        + (diff.isEmpty ? [RenderedLine(.plain, "  (no changes)")] : RenderedLine.lines(of: diff))
    case .entry(let record, let diff):
      let details =
        "  at \(DurationText.format(record.time)), depth \(record.context.depth), "
        + "reduced in \(DurationText.format(record.reduceDuration))"
      return [RenderedLine(.headline, headline(of: record)), RenderedLine(.plain, details)]
        + (diff.isEmpty ? [RenderedLine(.plain, "  (no changes)")] : RenderedLine.lines(of: diff))
    case .expectation(let outcome):
      return typedLines(for: outcome, at: nil)
    case .history(let records, let travelled, let window) where !records.isEmpty:
      return historyLines(records, travelled: travelled).map { RenderedLine(.headline, $0) }
        + windowLines(listing: records.count, window, of: ("match", "matches")).map { RenderedLine(.plain, $0) }
    case .answer(let answer):
      guard let renderable = answer as? any RenderableAnswer else {
        // An answer without a renderer still says what it holds.
        let fields = (try? ProtocolEvent.DeclaredAnswer(answer).fields.serialized) ?? "{}"
        return [RenderedLine(.plain, "\(type(of: answer).event): \(fields)")]
      }
      return renderable.lines(in: self)
    default:
      return lines(for: result).map { RenderedLine(.plain, $0) }
    }
  }

  /// The lines for a command's result; empty when the events say it all.
  public func lines(for result: CommandResult) -> [String] {
    switch result {
    case .diff, .entry, .expectation, .answer:
      return typedLines(for: result).map(\.text)
    // An export never reaches here: the endpoint writes it and answers with a message.
    case .done, .host, .export:
      return []
    case .message(let lines):
      return lines
    case .help(let page):
      return HelpText.lines(for: page)
    case .found(let text, let index, let matches):
      let place = index.map { " after #\($0)" } ?? ""
      guard !matches.isEmpty else { return ["nothing matches '\(text)'\(place)"] }
      return matches.map { "\($0.path) = \($0.value)" }
    case .value(let path, let tree):
      var lines = tree.lines()
      if let path, !path.isEmpty, !lines.isEmpty { lines[0] = "\(path) = " + lines[0] }
      return lines
    case .history(let records, let travelled, let window):
      guard !records.isEmpty || window != nil else { return ["(no history)"] }
      return historyLines(records, travelled: travelled) + windowLines(listing: records.count, window, of: ("match", "matches"))
    case .breakpointAdded(let breakpoint, let notes):
      return ["breakpoint \(breakpoint.id): \(breakpoint)"] + notes
    case .breakpoints(let breakpoints):
      // Each with the commands it runs when it stops, indented under it, as gdb lists them.
      return breakpoints.isEmpty
        ? ["no breakpoints"] : breakpoints.flatMap { ["\($0.id)  \($0)"] + $0.commands.map { "      " + $0 } }
    case .jobs(let rows):
      return jobTable(rows)
    case .jobSpans(let spans, let window):
      guard window.total > 0 else { return ["no job was launched"] }
      return spans.map(spanLine) + windowLines(listing: spans.count, window, of: ("job", "jobs"))
    case .features(let rows):
      // `*` marks the current feature; `+` the others that have a session.
      return Self.aligned(rows.map { row in
        [row.isCurrent ? "*" : row.isLoaded ? "+" : " ", row.name, row.summary]
      })
    case .cycles(let reports):
      return reports.isEmpty ? ["no cycle warnings"] : reports.flatMap(cycleLines)
    case .settings(let settings):
      let clock =
        settings.usesVirtualClock
        ? "virtual, now at \(DurationText.format(settings.elapsedTime))"
        : "real, \(DurationText.format(settings.elapsedTime)) since the session started"
      return [
        "feature: \(settings.feature) (\(settings.types))",
        "status: \(settings.status.rawValue)",
        "diff: \(settings.diffDisplay.rawValue)",
        "clock: \(clock)",
        "wait limit: \(DurationText.format(limit: settings.waitLimit))",
        settings.cycleDetection.summary,
        "history limit: \(settings.historyLimit) entries",
      ] + (settings.fork.map { fork in
        let parting = fork.firstDifferent.map { "first different at #\($0)" } ?? "the same as now"
        return ["original timeline: up to #\(fork.originalLast), \(parting) (`diff original`, `original restore`)"]
      } ?? [])
    case .stepped(let reports):
      return reports.compactMap(stepLine)
    case .continued(let outcome):
      return [describe(outcome)]
    case .backtrace(let backtrace):
      return backtrace.frames.isEmpty ? ["no current action"] : backtraceLines(backtrace)
    case .frame(let number, let frame):
      return [frameLine(number, frame)]
    case .displayed(let values):
      return lines(for: values)
    case .waited(let outcome, let timeout):
      return [describe(outcome, timeout: timeout)]
    case .advanced(let requested, let start, let now):
      let moved = now - start
      if moved < requested {
        return [
          "advanced \(DurationText.format(moved)) of \(DurationText.format(requested)), stopping where the store "
            + "paused; virtual time is now \(DurationText.format(now))"
        ]
      }
      return ["advanced \(DurationText.format(moved)); virtual time is now \(DurationText.format(now))"]
    case .toggled(let index, let isSkipped):
      return [isSkipped ? "#\(index) is now skipped" : "#\(index) is restored"]
    case .saved(let path):
      return ["saved the session to \(path)"]
    case .loaded(let path, let report):
      return loadLines(path, report)
    case .switched(let feature, let summary):
      return ["using \(feature)" + (summary.isEmpty ? "" : ": \(summary)")]
    }
  }

  /// The end of a script run: chains the cycle detector broke, waits that ended with work
  /// running, jobs that failed, and how the expectations went (nothing when there were
  /// none). A run stopped by an error says so after its expectations, never that they held.
  public func summaryLines(
    cycleFailures: Int, unfinishedWaits: Int, jobFailures: Int = 0, expectations: Int, failed: Int,
    stoppedByError: Bool = false
  ) -> [RenderedLine] {
    func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    var lines: [RenderedLine] = []
    if cycleFailures > 0 {
      lines.append(RenderedLine(.failure, "✗ the cycle detector stopped \(counted(cycleFailures, "cycle"))"))
    }
    if unfinishedWaits > 0 {
      lines.append(RenderedLine(.failure, "✗ \(counted(unfinishedWaits, "wait")) ended with work still running"))
    }
    if jobFailures > 0 {
      lines.append(RenderedLine(.failure, "✗ \(counted(jobFailures, "job")) failed"))
    }
    guard expectations > 0 else { return lines }
    if stoppedByError {
      let checked =
        failed == 0
        ? "the \(counted(expectations, "expectation")) checked before it held"
        : "\(failed) of the \(counted(expectations, "expectation")) checked before it failed"
      lines.append(RenderedLine(.failure, "✗ stopped at an error; " + checked))
      return lines
    }
    if failed == 0 {
      lines.append(RenderedLine(.success, "✓ all \(counted(expectations, "expectation")) held"))
    } else {
      lines.append(RenderedLine(.failure, "✗ \(failed) of \(expectations) expectations failed"))
    }
    return lines
  }

  /// `log`'s lines: one per entry and, after a jump, where the state is, as the prompt says
  /// it (`◀ @2/4`): beside its entry, or on a line of its own when that entry is not listed.
  public func historyLines(_ records: [HistoryRecord], travelled: HistoryPosition?) -> [String] {
    var lines = records.map(historyLine)
    guard let travelled else { return lines }
    let place = "◀ @\(travelled.index)/\(travelled.lastIndex)"
    if let row = records.firstIndex(where: { $0.index == travelled.index }) {
      lines[row] += "  \(place): the state is here; the next action forks"
    } else if travelled.index == 0 {
      lines.append("\(place): the state is the base, before #\((records.first?.index ?? 1))")
    } else {
      lines.append("\(place): the state is after #\(travelled.index), not listed")
    }
    return lines
  }

  /// The line under a window of a listing that leaves items out (`matches 41–60 of 120`):
  /// none under a whole listing, so a full `log case` or `jobs --all` reads as it always did.
  func windowLines(listing count: Int, _ window: WindowPosition?, of item: (one: String, many: String)) -> [String] {
    guard let window, window.offset > 0 || window.offset + count < window.total else { return [] }
    switch count {
    case 0: return ["none of the \(window.total) \(item.many) is in this window"]
    case 1: return ["\(item.one) \(window.offset + 1) of \(window.total)"]
    default: return ["\(item.many) \(window.offset + 1)–\(window.offset + count) of \(window.total)"]
    }
  }

  /// `#3 .add(title: "Milk")  ← script  changed: todos`.
  public func historyLine(_ record: HistoryRecord) -> String {
    var line = headline(of: record)
    if let paths = record.changedPaths {
      line += paths.isEmpty ? "  (no changes)" : "  changed: " + paths.map(\.description).joined(separator: ", ")
    }
    return line
  }

  /// An expectation's outcome: one line when it held; what was expected and found, and a
  /// line diff for values spanning several lines, when it did not.
  public func lines(for outcome: ExpectationOutcome, at location: ScriptLocation?) -> [String] {
    typedLines(for: outcome, at: location).map(\.text)
  }

  /// An expectation's outcome, each line with its kind.
  public func typedLines(for outcome: ExpectationOutcome, at location: ScriptLocation?) -> [RenderedLine] {
    expectationLines(
      passed: outcome.passed, expression: outcome.expression, expected: outcome.expected, actual: outcome.actual,
      diff: outcome.diff.map { RenderedLine($0, indent: "    ") }, at: location)
  }

  /// An expectation's outcome from its parts, as an `expectation` event carries them.
  package func expectationLines(
    passed: Bool, expression: String, expected: String, actual: String, diff: [RenderedLine], at location: ScriptLocation?
  ) -> [RenderedLine] {
    if passed { return [RenderedLine(.success, "✓ expect \(expression)")] }
    let place = location.map { "\($0.file):\($0.line): " } ?? ""
    var lines = [
      RenderedLine(.failure, "✗ \(place)expectation failed: \(expression)"),
      RenderedLine(.plain, "    expected: \(expected)"),
      RenderedLine(.plain, "    actual:   \(actual)"),
    ]
    if !diff.isEmpty {
      lines.append(RenderedLine(.plain, "    expected (−) against actual (+):"))
      lines += diff
    }
    return lines
  }

  /// An error at a place in a script, with the line and a caret under the column:
  ///
  ///     todos.sluice:4:7: error: unknown command 'sned'; did you mean 'send'?
  ///         sned .add(title: "Milk")
  ///         ^
  public func lines(forError message: String, at location: ScriptLocation?, sourceLine: String?) -> [String] {
    guard let location else { return ["error: \(message)"] }
    var place = "\(location.file):\(location.line)"
    if let column = location.column { place += ":\(column)" }
    var lines = ["\(place): error: \(message)"]
    if let sourceLine, !sourceLine.isEmpty {
      lines.append("    " + sourceLine)
      if let column = location.column {
        // Tabs stay tabs so the caret lines up under them.
        let padding = sourceLine.prefix(max(0, column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
        lines.append("    " + padding + "^")
      }
    }
    return lines
  }

  private func jobTable(_ rows: [JobRow]) -> [String] {
    guard !rows.isEmpty else { return ["no jobs"] }
    let table = rows.map { row in
      [
        row.job.id.description, row.job.kind.rawValue, row.job.name,
        describe(row.job.status, isHeld: row.isHeld), row.parentIndex.map { "#\($0)" } ?? "-",
      ]
    }
    return Self.aligned([["JOB", "KIND", "NAME", "STATUS", "FOR"]] + table)
  }

  /// One job's life, on one line: `effect 'search' (job #3) for #12: 1.2s to 1.5s (300ms),
  /// finished`.
  private func spanLine(_ span: JobSpan) -> String {
    let parent = span.parentIndex.map { " for #\($0)" } ?? ""
    let when =
      if let ended = span.ended {
        "\(DurationText.format(span.launched)) to \(DurationText.format(ended)) (\(DurationText.format(ended - span.launched)))"
      } else {
        "from \(DurationText.format(span.launched))"
      }
    let outcome = span.outcome.reason.map { "\(span.outcome.name): \($0)" } ?? span.outcome.name
    return "\(describe(span))\(parent): \(when), \(outcome)"
  }

  private func stepLine(_ report: StepReport) -> String? {
    switch report {
    case .reduced:
      // The `reduced` event shows the entry and its diff.
      return nil
    case .ranJob(let job, let sent):
      let outcome = describe(job.status)
      let sentText = sent.isEmpty ? "sent nothing" : "sent " + sent.joined(separator: ", ")
      return "ran \(describe(job)): \(outcome), \(sentText)"
    case .stoppedAgain:
      return "the next action was stopped again (a breakpoint or the cycle detector); step again to go on"
    }
  }

  /// A backtrace, newest frame first, numbered by depth from the top; frames left out
  /// between the shown ones and the root are counted on a line of their own.
  func backtraceLines(_ backtrace: Backtrace) -> [String] {
    var lines = backtrace.frames.enumerated().map { frameLine($0.offset, $0.element) }
    if backtrace.elidedCount > 0 {
      let count = backtrace.elidedCount.formatted(.number.grouping(.automatic))
      lines.append("… \(count) frame\(backtrace.elidedCount == 1 ? "" : "s") elided …")
    }
    if let root = backtrace.root {
      lines.append(frameLine(backtrace.frames.count + backtrace.elidedCount, root) + "  (root)")
    } else if backtrace.elidedCount > 0 {
      lines.append("the root is no longer kept (history limit)")
    }
    if backtrace.omittedOuterFrames > 0 {
      let count = backtrace.omittedOuterFrames
      lines.append("(\(count) more frame\(count == 1 ? "" : "s"): `bt` shows them all)")
    }
    // A chain the program's own code began: a loop through that code starts each round here.
    if let first = backtrace.root ?? backtrace.frames.last, first.context.parent == nil, first.context.origin == .external {
      lines.append(
        "(the chain began outside the store: the program's own code sent .\(first.caseName), and a loop through "
          + "that code, an observer, a view or a callback, comes back as a new chain)")
    }
    return lines
  }

  /// The displays' values, as gdb shows them: `1: count = 3`, or why the path leads nowhere
  /// now.
  public func lines(for displays: [DisplayedValue]) -> [String] {
    displays.flatMap { display -> [String] in
      switch display.value {
      case .success(let tree):
        var lines = tree.lines()
        guard !lines.isEmpty else { return [] }
        lines[0] = "\(display.number): \(display.path) = " + lines[0]
        return lines
      case .failure(let error):
        return ["\(display.number): \(display.path): \(error.message)"]
      }
    }
  }

  /// One distinct cycle for `info cycles`: what it is, which jobs close it, how often.
  private func cycleLines(_ report: CycleReport) -> [String] {
    let count = report.count.formatted(.number.grouping(.automatic))
    return [
      "⚠ \(report.warning.cycleDescription): seen \(count) time\(report.count == 1 ? "" : "s"), "
        + "first at \(DurationText.format(report.firstSeen)), last at \(DurationText.format(report.lastSeen)) "
        + "(policy: \(report.latestPolicy.rawValue))",
      "  " + report.path,
    ]
  }

  private func frameLine(_ offset: Int, _ frame: BacktraceFrame) -> String {
    let place = frame.index.map { "#\($0)" } ?? "queued"
    let origin = frame.origin.map { "  ← \($0)" } ?? ""
    return "\(offset): \(frame.action)  (\(place), depth \(frame.context.depth))\(origin)"
  }

  private func loadLines(_ path: String, _ report: LoadReport) -> [String] {
    var lines = ["loaded \(path): replayed \(report.replayedCount) action\(report.replayedCount == 1 ? "" : "s")"]
    if let change = report.featureSwitch {
      lines.insert("using \(change.to), the feature the file was saved from (was \(change.from))", at: 0)
    }
    if report.typesChanged {
      lines.append("⚠ the feature's State or Action types changed since the file was saved")
    }
    if let divergence = report.divergence {
      lines.append("⚠ replay diverges from the file at #\(divergence.index) \(divergence.action)")
      if divergence.earliestIndex < divergence.index {
        lines.append(
          "  (or earlier, from #\(divergence.earliestIndex): the file has no state digest between"
            + " #\(divergence.earliestIndex - 1) and #\(divergence.index))")
      }
      lines.append("  what #\(divergence.index) does when replayed now (before − / after +):")
      lines += divergence.entryDiff.isEmpty ? ["  (no change)"] : divergence.entryDiff.lines().map(\.rendered)
      if divergence.finalStateDiff.isEmpty {
        lines.append("  replay still ends in the saved final state")
      } else {
        lines.append("  final state as saved (−) against as replayed (+):")
        lines += divergence.finalStateDiff.lines().map(\.rendered)
      }
    }
    for unrestored in report.unrestoredBreakpoints {
      lines.append("⚠ breakpoint \(unrestored.id) (\(unrestored.breakpoint)) was not restored: \(unrestored.reason)")
    }
    lines += report.warnings.map { "⚠ " + $0 }
    return lines
  }

  /// Rows padded into columns.
  static func aligned(_ rows: [[String]]) -> [String] {
    let count = rows.map(\.count).max() ?? 0
    let widths = (0..<count).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
      }.joined(separator: "  ")
    }
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
