import Sluice
import SluiceDebugger

/// Turns what a script run produces into ``ProtocolEvent``s and writes them as JSON Lines,
/// one object per line, for tools:
///
/// ```json
/// {"event":"reduced","version":1,"index":3,"action":".add(title: \"Milk\")","origin":"script","changed":["todos"]}
/// {"event":"expectation","version":1,"file":"todos.sluice","line":7,"passed":false,"expression":"count == 3",…}
/// {"event":"stopped","version":1,"reason":"breakpoint","breakpoint":1,"action":".checkout"}
/// {"event":"error","version":1,"file":"todos.sluice","line":4,"column":7,"message":"unknown command 'sned'"}
/// ```
///
/// The objects are the `Codable` event types; see ``ProtocolEvent`` for the protocol's rules.
public struct JSONEventWriter: Sendable {
  let text = TextRenderer()

  /// The version of the event protocol, in every object as `"version"`.
  public static let protocolVersion = ProtocolEvent.currentVersion

  /// The `id` of the command request being answered, put in every event written until it
  /// is cleared.
  public var requestID: RequestID?
  /// The id's JSON text as the client wrote it (`1e3`, `"\u0071"`), written in place of
  /// ``requestID``'s own spelling: an id is echoed exactly as sent.
  package var requestIDText: String?

  /// Creates a writer.
  public init() {}

  /// The line for a session event.
  public func line(for event: DebugEvent) -> String {
    written(self.event(for: event))
  }

  /// The line that echoes a script's command before its results.
  public func line(forCommand command: String, at location: ScriptLocation) -> String {
    written(envelope(.command(.init(file: location.file, line: location.line, text: command))))
  }

  /// The line that ends the answer to a command request: everything it caused was written;
  /// `cause` says why the request failed, if it did.
  public func completionLine(cause: ProtocolEvent.Completed.Cause?) -> String {
    written(completionEvent(cause: cause))
  }

  /// The line answering a completion request with `completions`.
  public func line(for completions: Completions) -> String {
    written(envelope(.completions(.init(completions))))
  }

  /// The line for an expectation's outcome at a place in a script.
  public func line(for outcome: ExpectationOutcome, at location: ScriptLocation?) -> String {
    written(event(for: outcome, at: location))
  }

  /// The line for an error at a place in a script.
  public func line(forError message: String, at location: ScriptLocation?) -> String {
    written(errorEvent(message, at: location))
  }

  /// The line for a command's result: a specific event for waits, steps, time and values,
  /// else its text lines. `nil` when there is nothing to say.
  public func line(for result: CommandResult, command: String, at location: ScriptLocation?) -> String? {
    event(for: result, command: command, at: location).map(written)
  }

  /// The line for a display's value after a command (`display PATH`): a `value` event whose
  /// command is `display`, or an `output` event saying why the path leads nowhere now.
  public func line(for display: DisplayedValue, at location: ScriptLocation?) -> String {
    written(event(for: display, at: location))
  }

  /// The last line of a run: its exit status and how many expectations failed.
  public func summaryLine(status: Int32, expectations: Int, failed: Int) -> String {
    written(envelope(.finished(.init(status: Int(status), expectations: expectations, failed: failed))))
  }

  // MARK: - Events

  /// The event for a session event.
  public func event(for event: DebugEvent) -> ProtocolEvent {
    envelope(payload(for: event))
  }

  /// The event that ends the answer to a command request; `cause` says why the request
  /// failed, if it did.
  public func completionEvent(cause: ProtocolEvent.Completed.Cause?) -> ProtocolEvent {
    envelope(.completed(.init(cause: cause)))
  }

  /// The event for an expectation's outcome at a place in a script.
  public func event(for outcome: ExpectationOutcome, at location: ScriptLocation?) -> ProtocolEvent {
    event(for: outcome, at: Place(location))
  }

  package func event(for outcome: ExpectationOutcome, at place: Place) -> ProtocolEvent {
    envelope(.expectation(expectation(outcome, at: place)))
  }

  /// The event for an error at a place in a script, or at a column of a command's text.
  public func errorEvent(_ message: String, at location: ScriptLocation?) -> ProtocolEvent {
    errorEvent(message, at: Place(location))
  }

  package func errorEvent(_ message: String, at place: Place) -> ProtocolEvent {
    envelope(.error(.init(file: place.file, line: place.line, column: place.column, message: message)))
  }

  /// The event for a display's value after a command (`display PATH`): a `value` event whose
  /// command is `display`, or an `output` event saying why the path leads nowhere now.
  public func event(for display: DisplayedValue, at location: ScriptLocation?) -> ProtocolEvent {
    event(for: display, at: Place(location))
  }

  package func event(for display: DisplayedValue, at place: Place) -> ProtocolEvent {
    let lines = text.lines(for: [display])
    let (file, line, column) = (place.file, place.line, place.column)
    switch display.value {
    case .success(let tree):
      return envelope(
        .value(
          .init(
            command: "display", path: display.path, value: tree.compactDescription, file: file, line: line,
            column: column, lines: lines)))
    case .failure:
      return envelope(.output(.init(command: "display", file: file, line: line, column: column, lines: lines)))
    }
  }

  /// The event for a command's result, or `nil` when there is nothing to say: the
  /// command's typed answer, or `output` for a confirmation, which has no structure.
  public func event(for result: CommandResult, command: String, at location: ScriptLocation?) -> ProtocolEvent? {
    event(for: result, command: command, at: Place(location))
  }

  package func event(for result: CommandResult, command: String, at place: Place) -> ProtocolEvent? {
    let typed = text.typedLines(for: result)
    let (lines, kinds) = (typed.map(\.text), RenderedLine.kinds(of: typed))
    let (file, line, column) = (place.file, place.line, place.column)
    func answer<Fields>(_ fields: Fields) -> ProtocolEvent.Answer<Fields> {
      .init(command: command, fields: fields, file: file, line: line, column: column, lines: lines, kinds: kinds)
    }
    switch result {
    // An export never reaches here: the endpoint writes it and answers with a message.
    case .done, .host, .export:
      return nil
    case .message:
      return envelope(
        .output(.init(command: command, file: file, line: line, column: column, lines: lines, kinds: kinds)))
    case .expectation(let outcome):
      return envelope(.expectation(expectation(outcome, at: place)))
    case .waited(let outcome, _), .continued(let outcome):
      let (name, jobs) = Self.describe(outcome)
      return envelope(
        .waited(
          .init(
            command: command, outcome: name, jobs: jobs, file: file, line: line, column: column, lines: lines,
            kinds: kinds)))
    case .advanced(let requested, let start, let now):
      return envelope(
        .advanced(
          .init(
            command: command, requestedNanoseconds: Self.nanoseconds(requested),
            byNanoseconds: Self.nanoseconds(now - start), nowNanoseconds: Self.nanoseconds(now),
            file: file, line: line, column: column, lines: lines, kinds: kinds)))
    case .stepped(let reports):
      return envelope(
        .stepped(
          .init(
            command: command, steps: reports.map(step), file: file, line: line, column: column, lines: lines,
            kinds: kinds)))
    case .value(let path, let tree):
      return envelope(
        .value(
          .init(
            command: command, path: path, value: tree.compactDescription, file: file, line: line, column: column,
            lines: lines, kinds: kinds)))
    case .help(let page):
      return envelope(.help(answer(Self.help(page))))
    case .history(let records, let travelled, let window):
      return envelope(
        .logEntries(
          answer(.init(entries: records.map(Self.entry), position: travelled?.index, window: window.map(Self.window)))))
    case .entry(let record, let diff):
      return envelope(.entry(answer(.init(entry: Self.entry(record), changes: Self.changes(diff)))))
    case .diff(let title, let diff):
      return envelope(
        .diff(answer(.init(title: title, changed: diff.changedPaths.map(\.description), changes: Self.changes(diff)))))
    case .found(let searched, let index, let matches):
      let found = matches.map { ProtocolEvent.Match(path: $0.path.description, value: $0.value) }
      return envelope(.matches(answer(.init(text: searched, index: index, matches: found))))
    case .breakpointAdded(let breakpoint, let notes):
      return envelope(.breakpointAdded(answer(.init(breakpoint: Self.breakpoint(breakpoint), notes: notes))))
    case .breakpoints(let breakpoints):
      return envelope(.breakpoints(answer(.init(breakpoints: breakpoints.map(Self.breakpoint)))))
    case .jobs(let rows):
      return envelope(.jobs(answer(.init(jobs: rows.map(jobEntry)))))
    case .jobSpans(let spans, let window):
      return envelope(.jobSpans(answer(.init(spans: spans.map(Self.jobSpanEntry), window: Self.window(window)))))
    case .features(let rows):
      let features = rows.map {
        ProtocolEvent.FeatureEntry(name: $0.name, summary: $0.summary, current: $0.isCurrent, loaded: $0.isLoaded)
      }
      return envelope(.features(answer(.init(features: features))))
    case .cycles(let reports):
      return envelope(.cycles(answer(.init(cycles: reports.map(Self.cycleEntry)))))
    case .settings(let settings):
      return envelope(.settings(answer(Self.settings(settings))))
    case .backtrace(let backtrace):
      return envelope(.backtrace(answer(Self.backtrace(backtrace))))
    case .frame(let number, let frame):
      return envelope(.frame(answer(.init(number: number, frame: Self.frame(frame)))))
    case .displayed(let values):
      return envelope(.displays(answer(.init(displays: values.map(Self.display)))))
    case .toggled(let index, let isSkipped):
      return envelope(.toggled(answer(.init(index: index, skipped: isSkipped))))
    case .saved(let path):
      return envelope(.saved(answer(.init(path: path))))
    case .loaded(let path, let report):
      return envelope(
        .loaded(
          answer(
            .init(
              path: path, replayed: report.replayedCount, typesChanged: report.typesChanged,
              divergedAt: report.divergence?.index, unrestoredBreakpoints: report.unrestoredBreakpoints.map(\.breakpoint),
              switchedFrom: report.featureSwitch?.from))))
    case .switched(let feature, let summary):
      return envelope(.switched(answer(.init(feature: feature, summary: summary))))
    case .answer(let declared):
      // A declared answer encodes as JSON values; one that cannot is said as an error.
      guard let fields = try? ProtocolEvent.DeclaredAnswer(declared) else {
        let message = "\(type(of: declared).event): the answer does not encode"
        return envelope(.error(.init(file: file, line: line, column: column, message: message)))
      }
      return envelope(.answer(answer(fields)))
    }
  }

  /// The event's line, its id spelled as the client wrote it.
  private func written(_ event: ProtocolEvent) -> String {
    guard let requestIDText, event.id != nil, case .object(var members)? = try? JSONValueEncoder.encode(event),
      let index = members.firstIndex(where: { $0.0 == "id" })
    else { return event.line }
    members[index].1 = .verbatim(requestIDText)
    return JSONValue.object(members).serialized
  }

  private func envelope(_ payload: ProtocolEvent.Payload) -> ProtocolEvent {
    ProtocolEvent(payload, answering: requestID)
  }

  private func payload(for event: DebugEvent) -> ProtocolEvent.Payload {
    switch event {
    case .reduced(let record, let diff, let shown):
      // What changed is always there for a program to read; the rendered lines only when
      // the terminal's display shows them.
      let rendered = shown == .full ? diff.map(Self.rendered) : nil
      return .reduced(
        .init(
          index: record.index, action: record.action, caseName: record.caseName, origin: record.origin.description,
          depth: record.context.depth, timeNanoseconds: Self.nanoseconds(record.time),
          changed: (diff?.changedPaths ?? record.changedPaths)?.map(\.description),
          changes: diff.map(Self.changes), diff: rendered?.lines, diffKinds: rendered?.kinds ?? nil,
          diffDisplay: shown == .full ? nil : shown.rawValue, edit: record.isEdit ? true : nil,
          skipped: record.isSkipped ? true : nil, readLiveOnReplay: record.readLiveOnReplay ? true : nil))
    case .stopped(let reason):
      return .stopped(stopped(reason))
    case .cycleDetected(let report):
      let (warning, typed) = (report.warning, text.typedLines(for: event))
      let signal = Self.signal(of: warning)
      return .cycle(
        .init(
          action: warning.caseName, signal: signal.name, count: signal.count, windowNanoseconds: signal.window,
          depth: signal.depth, cycle: Self.cycle(of: warning), policy: warning.policy.rawValue,
          message: typed.map(\.text).joined(separator: " "), path: report.path, seen: report.count,
          lines: typed.map(\.text), kinds: RenderedLine.kinds(of: typed)))
    case .cycleRepeated(let report):
      return .cycleRepeated(.init(cycle: report.warning.cycleDescription, seen: report.count))
    case .dropped(let action, let reason):
      return .dropped(.init(action: action, reason: text.describe(reason)))
    case .jobFailed(let job):
      return .jobFailed(jobEnded(job))
    case .stateReplaced(let reason, let diff):
      let rendered = diff.map(Self.rendered)
      return .stateReplaced(
        .init(
          reason: reason, changed: diff?.changedPaths.map(\.description), changes: diff.map(Self.changes),
          diff: rendered?.lines, diffKinds: rendered?.kinds ?? nil))
    case .jobCancelled(let job, let reason):
      let ended = jobEnded(job)
      return .jobCancelled(
        .init(job: ended.job, kind: ended.kind, name: ended.name, status: ended.status, error: ended.error, reason: reason))
    case .referenceInState(let path, let typeName):
      return .referenceInState(
        .init(path: path, typeName: typeName, message: text.lines(for: event).joined(separator: " ")))
    case .replayDiverged(let divergence):
      let rendered = Self.rendered(divergence.diff)
      return .replayDiverged(
        .init(
          command: divergence.command, index: divergence.index, action: divergence.action,
          paths: divergence.paths.map(\.description), changes: Self.changes(divergence.diff),
          message: divergence.explanation, diff: rendered.lines, diffKinds: rendered.kinds,
          cause: Self.cause(divergence.cause)))
    case .eventsDropped(let count):
      return .eventsDropped(.init(count: count, message: text.lines(for: event).joined(separator: " ")))
    case .forked(let index, let dropped):
      return .forked(
        .init(
          index: index, firstDropped: dropped.lowerBound, lastDropped: dropped.upperBound,
          message: text.lines(for: event).joined(separator: " ")))
    case .traced(let id, let entry):
      return .traced(
        .init(
          breakpoint: id, index: entry.index, action: entry.action, caseName: entry.caseName,
          values: entry.values.map { .init(path: $0.path, value: $0.value, problem: $0.problem) },
          message: text.lines(for: event).joined(separator: " ")))
    case .timeAdvanced(let from, let to):
      return .timeAdvanced(
        .init(
          fromNanoseconds: Self.nanoseconds(from), toNanoseconds: Self.nanoseconds(to),
          message: text.lines(for: event).joined(separator: " ")))
    }
  }

  private func stopped(_ reason: StopReason) -> ProtocolEvent.Stopped {
    let message = text.stopLine(reason)
    switch reason {
    case .breakpoint(let id, let action):
      return .init(reason: "breakpoint", breakpoint: id, action: action, message: message)
    case .watchpoint(let id, let path, let old, let new, let index):
      return .init(
        reason: "watchpoint", breakpoint: id, path: path.description, old: old, new: new, index: index, message: message)
    case .cycle(let warning):
      let signal = Self.signal(of: warning)
      return .init(
        reason: "cycle", action: warning.caseName, signal: signal.name, count: signal.count,
        windowNanoseconds: signal.window, depth: signal.depth, cycle: Self.cycle(of: warning),
        policy: warning.policy.rawValue, message: message)
    case .job(let id, let job):
      let ended = jobEnded(job)
      return .init(
        reason: "job", breakpoint: id, job: ended.job, kind: ended.kind, name: ended.name, status: ended.status,
        error: ended.error, message: message)
    case .requested:
      return .init(reason: "requested", message: message)
    case .step:
      return .init(reason: "step", message: message)
    }
  }

  private func expectation(_ outcome: ExpectationOutcome, at place: Place) -> ProtocolEvent.Expectation {
    .init(
      file: place.file, line: place.line, column: place.column, passed: outcome.passed,
      expression: outcome.expression, expected: outcome.expected, actual: outcome.actual,
      diff: outcome.diff.isEmpty ? nil : outcome.diff.map(\.rendered),
      diffKinds: RenderedLine.kinds(of: outcome.diff.map { RenderedLine($0) }))
  }

  private func jobEnded(_ job: JobInfo) -> ProtocolEvent.JobFailed {
    var error: String?
    if case .failed(let message) = job.status { error = message }
    return .init(
      job: Int(truncatingIfNeeded: job.id.rawValue), kind: job.kind.rawValue, name: job.name,
      status: text.describe(job.status), error: error)
  }

  private func step(_ report: StepReport) -> ProtocolEvent.Step {
    switch report {
    case .reduced(let record):
      return .init(step: "reduced", index: record.index, action: record.action)
    case .ranJob(let job, let sent):
      let ended = jobEnded(job)
      return .init(
        step: "ranJob", job: ended.job, kind: ended.kind, name: ended.name, status: ended.status, error: ended.error,
        sent: sent)
    case .stoppedAgain:
      return .init(step: "stoppedAgain")
    }
  }

  // MARK: - Values

  /// A duration as whole nanoseconds, clamped to what an `Int` holds.
  static func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return seconds < 0 ? .min : .max }
    let (total, sumOverflow) = Int(whole).addingReportingOverflow(Int(attoseconds / 1_000_000_000))
    return sumOverflow ? (seconds < 0 ? .min : .max) : total
  }

  static func changes(_ diff: StateDiff) -> [ProtocolEvent.StateChange] {
    diff.flatChanges.map { .init(path: $0.path.description, old: $0.old, new: $0.new) }
  }

  /// A diff's lines as `diff` carries them, and their kinds as `diffKinds` does.
  private static func rendered(_ diff: StateDiff) -> (lines: [String], kinds: [RenderedLine.Kind]?) {
    let lines = RenderedLine.lines(of: diff)
    return (lines.map(\.text), RenderedLine.kinds(of: lines))
  }

  /// A divergence's cause as the protocol has it: its kind and that kind's particulars.
  private static func cause(_ cause: ReplayDivergence.Cause) -> ProtocolEvent.DivergenceCause {
    switch cause {
    case .changedReducer(let saved, let current):
      return .init(kind: "changedReducer", savedFingerprint: saved, fingerprint: current)
    case .testOverride(let keys, let closure):
      return .init(kind: "testOverride", keys: keys, closure: closure ? true : nil)
    case .uncontrolledRead(let entry, _, let readLive, let leftUnread):
      return .init(kind: "uncontrolledRead", entry: entry, readLive: readLive, leftUnread: leftUnread)
    case .referenceInState(let path, let typeName):
      return .init(kind: "referenceInState", path: path, typeName: typeName)
    }
  }

  /// The cycle's cases with the first repeated at the end: `[".ping", ".pong", ".ping"]`.
  static func cycle(of warning: CycleWarning) -> [String] {
    warning.cycle.isEmpty ? [] : (warning.cycle + [warning.cycle[0]]).map { "." + $0 }
  }

  static func signal(of warning: CycleWarning) -> (name: String, count: Int?, window: Int?, depth: Int?) {
    switch warning.signal {
    case .frequency(let count, let window): ("frequency", count, nanoseconds(window), nil)
    case .depth(let depth): ("depth", nil, nil, depth)
    }
  }

  private static func describe(_ outcome: WaitOutcome) -> (name: String, jobs: [String]?) {
    switch outcome {
    case .idle: ("idle", nil)
    case .paused: ("paused", nil)
    case .waitingForTime(let jobs): ("waitingForTime", jobs)
    case .timedOut(let jobs): ("timedOut", jobs)
    }
  }
}
