extension TextRenderer {
  /// The lines a client shows for an event of the JSON protocol, each with its kind: what the
  /// shell writes for every event it receives, the same lines the engine's values render as.
  ///
  /// A command's answer carries its rendered `lines` with their `kinds`, as the engine
  /// rendered them. A session event is rendered from its fields, and its diff from `diff`
  /// with `diffKinds`. A `command` echo is `> text`; `completed`, `status` and `changed` have
  /// no lines.
  public func typedLines(for event: ProtocolEvent) -> [RenderedLine] {
    switch event.payload {
    case .command(let echo):
      return [RenderedLine(.plain, "> " + echo.text)]
    case .reduced(let reduced):
      return lines(for: reduced)
    case .stopped(let stopped):
      return [RenderedLine(.stop, stopped.message)]
    case .cycle(let cycle):
      guard let lines = cycle.lines else { return [RenderedLine(.warning, cycle.message)] }
      return RenderedLine.lines(lines, kinds: cycle.kinds)
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
      return [RenderedLine(.plain, "↺ " + replaced.reason)]
        + RenderedLine.lines(replaced.diff ?? [], kinds: replaced.diffKinds)
    case .referenceInState(let reference):
      return referenceLines(path: reference.path, typeName: reference.typeName)
    case .replayDiverged(let divergence):
      let diff = RenderedLine.lines(divergence.diff ?? [], kinds: divergence.diffKinds)
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
    case .traced(let traced):
      return [RenderedLine(.plain, traced.message)]
    case .timeAdvanced(let advanced):
      return [RenderedLine(.plain, advanced.message)]
    case .expectation(let expectation):
      return lines(for: expectation)
    case .error(let error):
      return [errorLine(error)]
    case .waited(let answer): return RenderedLine.lines(answer.lines, kinds: answer.kinds)
    case .advanced(let answer): return RenderedLine.lines(answer.lines, kinds: answer.kinds)
    case .stepped(let answer): return RenderedLine.lines(answer.lines, kinds: answer.kinds)
    case .value(let answer): return RenderedLine.lines(answer.lines, kinds: answer.kinds)
    case .output(let answer): return RenderedLine.lines(answer.lines, kinds: answer.kinds)
    case .report(let report): return plain([report.line])
    case .logEntries(let answer): return lines(of: answer)
    case .entry(let answer): return lines(of: answer)
    case .diff(let answer): return lines(of: answer)
    case .help(let answer): return lines(of: answer)
    case .matches(let answer): return lines(of: answer)
    case .breakpointAdded(let answer): return lines(of: answer)
    case .breakpoints(let answer): return lines(of: answer)
    case .jobs(let answer): return lines(of: answer)
    case .jobSpans(let answer): return lines(of: answer)
    case .features(let answer): return lines(of: answer)
    case .answer(let answer): return lines(of: answer)
    case .cycles(let answer): return lines(of: answer)
    case .settings(let answer): return lines(of: answer)
    case .backtrace(let answer): return lines(of: answer)
    case .frame(let answer): return lines(of: answer)
    case .displays(let answer): return lines(of: answer)
    case .toggled(let answer): return lines(of: answer)
    case .saved(let answer): return lines(of: answer)
    case .loaded(let answer): return lines(of: answer)
    case .switched(let answer): return lines(of: answer)
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
      lines += diff.isEmpty ? [RenderedLine(.plain, "  (no changes)")] : RenderedLine.lines(diff, kinds: reduced.diffKinds)
    } else if let changed = reduced.changed, (reduced.diffDisplay ?? "summary") == "summary" {
      // A writer older than `diffDisplay` sent `changed` only under `summary`.
      lines.append(RenderedLine(.plain, changedSummary(changed)))
    }
    return lines
  }

  private func lines(for expectation: ProtocolEvent.Expectation) -> [RenderedLine] {
    let place = expectation.file.flatMap { file in expectation.line.map { ScriptLocation(file: file, line: $0) } }
    return expectationLines(
      passed: expectation.passed, expression: expectation.expression, expected: expectation.expected,
      actual: expectation.actual,
      diff: RenderedLine.lines(expectation.diff ?? [], kinds: expectation.diffKinds, indent: "    "),
      at: place)
  }

  /// An answer's lines, each of the kind the engine rendered it as.
  private func lines<Fields>(of answer: ProtocolEvent.Answer<Fields>) -> [RenderedLine] {
    RenderedLine.lines(answer.lines, kinds: answer.kinds)
  }

  private func plain(_ lines: [String]) -> [RenderedLine] {
    lines.map { RenderedLine(.plain, $0) }
  }
}
