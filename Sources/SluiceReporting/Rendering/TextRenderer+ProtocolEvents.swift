extension TextRenderer {
  /// The lines a client shows for an event of the JSON protocol, each with its kind: what the
  /// shell writes for every event it receives, the same lines the engine's values render as.
  ///
  /// A command's answer carries its rendered `lines`; their kinds follow from the answer
  /// (a `log`'s entries are headlines, a diff's lines are marked). A session event is
  /// rendered from its fields. A `command` echo is `> text`; `completed`, `status` and `changed` have no lines.
  public func typedLines(for event: ProtocolEvent) -> [RenderedLine] {
    switch event.payload {
    case .command(let echo):
      return [RenderedLine(.plain, "> " + echo.text)]
    case .reduced(let reduced):
      return lines(for: reduced)
    case .stopped(let stopped):
      return [RenderedLine(.stop, stopped.message)]
    case .cycle(let cycle):
      let lines = cycle.lines ?? [cycle.message]
      return lines.enumerated().map { RenderedLine($0.offset == 0 ? .warning : .plain, $0.element) }
    case .cycleRepeated(let repeated):
      return [cycleRepeatedLine(repeated.cycle, seen: repeated.seen)]
    case .dropped(let dropped):
      return [droppedLine(dropped.action, reason: dropped.reason)]
    case .jobFailed(let job):
      let described = describeJob(kind: job.kind, name: job.name, number: job.job)
      return [RenderedLine(.failure, "✗ \(described) failed: \(job.error ?? "failed")")]
    case .jobCancelled(let job):
      let described = describeJob(kind: job.kind, name: job.name, number: job.job)
      return [RenderedLine(.failure, "✗ cancelled \(described): \(job.reason)")]
    case .stateReplaced(let replaced):
      return [RenderedLine(.plain, "↺ " + replaced.reason)] + (replaced.diff ?? []).map { RenderedLine(renderedDiffLine: $0) }
    case .referenceInState(let reference):
      return referenceLines(path: reference.path, typeName: reference.typeName)
    case .replayDiverged(let divergence):
      let diff = (divergence.diff ?? []).map { RenderedLine(renderedDiffLine: $0) }
      return divergenceLines(divergence.message, command: divergence.command, diff: diff)
    case .eventsDropped(let dropped):
      return [RenderedLine(.warning, dropped.message)]
    case .hello(let hello):
      return [RenderedLine(.plain, hello.message)]
    case .completions(let list):
      return plain(list.candidates.map(\.display))
    case .status, .changed:
      // The prompt shows the status; a change is a client's cue to ask again.
      return []
    case .forked(let forked):
      return [RenderedLine(.warning, forked.message)]
    case .timeAdvanced(let advanced):
      return [RenderedLine(.plain, advanced.message)]
    case .expectation(let expectation):
      return lines(for: expectation)
    case .error(let error):
      return [errorLine(error)]
    case .waited(let answer): return plain(answer.lines)
    case .advanced(let answer): return plain(answer.lines)
    case .stepped(let answer): return plain(answer.lines)
    case .value(let answer): return plain(answer.lines)
    case .output(let answer): return plain(answer.lines)
    case .report(let report): return plain([report.line])
    case .logEntries(let answer):
      guard !answer.entries.isEmpty else { return plain(answer.lines) }
      // A window that leaves matches out ends with where it lies: plain, as a local answer.
      let leavesOut = answer.window.map { $0.offset > 0 || $0.offset + answer.entries.count < $0.total } ?? false
      let notes = leavesOut ? 1 : 0
      return answer.lines.dropLast(notes).map { RenderedLine(.headline, $0) } + plain(Array(answer.lines.suffix(notes)))
    case .entry(let answer):
      // The headline, where and when, then the diff.
      return answer.lines.enumerated().map { offset, line in
        switch offset {
        case 0: RenderedLine(.headline, line)
        case 1: RenderedLine(.plain, line)
        default: RenderedLine(renderedDiffLine: line)
        }
      }
    case .diff(let answer):
      return answer.lines.enumerated().map { $0.offset == 0 ? RenderedLine(.plain, $0.element) : RenderedLine(renderedDiffLine: $0.element) }
    case .help(let answer): return plain(answer.lines)
    case .matches(let answer): return plain(answer.lines)
    case .breakpointAdded(let answer): return plain(answer.lines)
    case .breakpoints(let answer): return plain(answer.lines)
    case .jobs(let answer): return plain(answer.lines)
    case .jobSpans(let answer): return plain(answer.lines)
    case .features(let answer): return plain(answer.lines)
    case .cycles(let answer): return plain(answer.lines)
    case .settings(let answer): return plain(answer.lines)
    case .backtrace(let answer): return plain(answer.lines)
    case .frame(let answer): return plain(answer.lines)
    case .displays(let answer): return plain(answer.lines)
    case .toggled(let answer): return plain(answer.lines)
    case .saved(let answer): return plain(answer.lines)
    case .loaded(let answer): return plain(answer.lines)
    case .switched(let answer): return plain(answer.lines)
    case .finished(let finished):
      return summaryLines(
        cycleFailures: 0, unfinishedWaits: 0, expectations: finished.expectations, failed: finished.failed,
        stoppedByError: finished.status == Int(ScriptExitStatus.error.rawValue))
    case .completed:
      return []
    }
  }

  /// An error as the shell shows it: `error: …`, after its script's place when it has one,
  /// else with the column it is about.
  public func errorLine(_ error: ProtocolEvent.ErrorMessage) -> RenderedLine {
    if let file = error.file, let line = error.line {
      let column = error.column.map { ":\($0)" } ?? ""
      return RenderedLine(.error, "\(file):\(line)\(column): error: \(error.message)")
    }
    return errorLine(error.message, column: error.column)
  }

  /// `error: unknown command 'sned' (column 1)`: an error in a command typed, not in a script.
  package func errorLine(_ message: String, column: Int?) -> RenderedLine {
    RenderedLine(.error, "error: " + message + (column.map { " (column \($0))" } ?? ""))
  }

  private func lines(for reduced: ProtocolEvent.Reduced) -> [RenderedLine] {
    let headline = headline(
      index: reduced.index, action: reduced.action, origin: reduced.origin, isSkipped: reduced.skipped == true,
      readLiveOnReplay: reduced.readLiveOnReplay == true)
    var lines = [RenderedLine(.headline, headline)]
    if let diff = reduced.diff {
      lines += diff.isEmpty ? [RenderedLine(.plain, "  (no changes)")] : diff.map { RenderedLine(renderedDiffLine: $0) }
    } else if let changed = reduced.changed {
      lines.append(RenderedLine(.plain, changedSummary(changed)))
    }
    return lines
  }

  private func lines(for expectation: ProtocolEvent.Expectation) -> [RenderedLine] {
    let place = expectation.file.flatMap { file in expectation.line.map { ScriptLocation(file: file, line: $0) } }
    return expectationLines(
      passed: expectation.passed, expression: expectation.expression, expected: expectation.expected,
      actual: expectation.actual, diff: (expectation.diff ?? []).map { RenderedLine(renderedDiffLine: $0, indent: "    ") },
      at: place)
  }

  private func plain(_ lines: [String]) -> [RenderedLine] {
    lines.map { RenderedLine(.plain, $0) }
  }
}
