import SluiceDebugger
import SluiceReporting

extension DebugAdapter {
  /// Whether the store is paused inside a dispatch (a breakpoint, a step): `continue`,
  /// `next` and `stepIn` then run the store itself rather than move through its history.
  /// A program's store is paused whenever the editor sees it stopped: it runs the store at
  /// the present, or in the past when an action waits there (a restarted frame's, which forks
  /// the history when it is reduced), and moves through the history otherwise.
  func isPausedInDispatch() async throws(AdapterError) -> Bool {
    guard try await storeIsPaused() else { return false }
    guard storesRunLive else { return true }
    let span = try await historySpan()
    if span.position >= span.last { return true }
    guard case .backtrace(let trace)? = try await result(["backtrace"]), let top = trace.shownFrames.first else { return false }
    return top.index == nil
  }

  /// Runs a command that moves the store, and answers with the `stopped` that follows it,
  /// its output before: a stop the store made itself (a breakpoint, a cycle) wins over
  /// `reason`. A program's store that `resumes` and did not stop again runs on: no
  /// `stopped` until it stops (``backgroundEvents()``).
  private func moving(_ words: [String], reason: String, resumes: Bool = false) async throws(AdapterError) -> Reply {
    let reply = try await run(words)
    var events = output(of: reply)
    if let stop = try await storeStopHolding(reply.sessionEvents) {
      events.append(stop)
    } else if try await (resumes && storesRunLive ? storeIsPaused() : true) {
      events.append(stopped(reason: reason, description: nil))
    }
    return Reply(events: events)
  }

  /// Whether the store is paused, wherever it is in its history.
  private func storeIsPaused() async throws(AdapterError) -> Bool {
    guard case .settings(let settings)? = try await result(["info", "settings"]) else { return false }
    return settings.status == .paused
  }

  /// The `stopped` event after `reply`: for the store's own stop, if it made one, else
  /// `reason`.
  func stopped(after reply: CommandReply, otherwise reason: String, description: String? = nil) -> Outgoing {
    storeStop(in: reply.sessionEvents) ?? stopped(reason: reason, description: description)
  }

  /// ``storeStop(in:)``, and a store of a program that runs on after an exception filter's
  /// event (a job failed, an action dropped) paused, so that it is stopped when the editor
  /// says so: before its next action.
  func storeStopHolding(_ events: [DebugEvent]) async throws(AdapterError) -> Outgoing? {
    guard let stop = storeStop(in: events) else { return nil }
    if storesRunLive, exceptionEvent(in: events) != nil, !(try await storeIsPaused()) { _ = try await run(["pause"]) }
    return stop
  }

  /// The first event among `events` an exception filter that is on stops at (a job that
  /// failed, an action dropped), as the console shows it.
  func exceptionEvent(in events: [DebugEvent]) -> String? {
    let renderer = TextRenderer()
    for event in events {
      switch event {
      case .jobFailed where exceptionFilters.contains("failedJob"), .dropped where exceptionFilters.contains("dropped"):
        guard let shown = endpoint?.events([event]).first else { continue }
        return renderer.typedLines(for: shown).first?.text
      default:
        continue
      }
    }
    return nil
  }

  /// The `stopped` event for the last stop the store made itself among `events` (a
  /// breakpoint, a watchpoint, the cycle detector), with the editor's ids of the breakpoints
  /// that hit; else for an event an exception filter is on for; `nil` when there is none.
  func storeStop(in events: [DebugEvent]) -> Outgoing? {
    for case .stopped(let stop) in events.reversed() {
      switch stop {
      case .breakpoint(let id, let action):
        let hits = functionBreakpoints.filter { $0.engineID == id }.map(\.id)
        return stopped(reason: hits.isEmpty ? "breakpoint" : "function breakpoint",
          description: "breakpoint before \(action)", hitBreakpointIDs: hits)
      case .watchpoint(let id, let path, let old, let new, _):
        return stopped(reason: "data breakpoint", description: "\(path): \(old) → \(new)",
          hitBreakpointIDs: dataBreakpoints.filter { $0.engineID == id }.map(\.id))
      case .cycle:
        return stopped(reason: "exception", description: "cycle warning")
      case .job(_, let job):
        return stopped(reason: "breakpoint", description: "before job \(job.name)")
      case .requested:
        return stopped(reason: "pause", description: nil)
      case .step:
        return stopped(reason: "step", description: nil)
      }
    }
    return exceptionEvent(in: events).map { stopped(reason: "exception", description: $0) }
  }

  /// `next`: paused in a dispatch, finish the action and all it caused (`next`); else one
  /// entry forward through the history.
  func next(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    if try await isPausedInDispatch() { return try await moving(["next"], reason: "step", resumes: true) }
    return try await jump(by: 1)
  }

  /// `stepIn`: paused in a dispatch, into the next middleware, effect or action (`step`);
  /// else one entry forward, as `next`.
  func stepIn(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    if try await isPausedInDispatch() { return try await moving(["step"], reason: "step", resumes: true) }
    return try await jump(by: 1)
  }

  /// `stepOut`: paused in a dispatch, finish the action and all it caused (`next`); else
  /// forward through the history to the last entry the current one caused, directly or
  /// through its effects and jobs (its causal subtree done).
  func stepOut(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    if try await isPausedInDispatch() { return try await moving(["next"], reason: "step", resumes: true) }
    let span = try await historySpan()
    guard span.position >= span.first, span.position < span.last,
      case .entry(let current, _)? = try await result(["show", String(span.position)]),
      case .history(let later, _, _)? = try await result(
        ["log", "from", String(span.position + 1), String(span.last - span.position)])
    else {
      let place = span.position >= span.last ? "at the latest entry, #\(span.last)" : "no entry of its own to step out of"
      return Reply(events: [stopped(reason: "step", description: place)])
    }
    var subtree: Set<UInt64> = [current.context.sequence]
    var last = span.position
    for record in later {
      guard let parent = record.context.parent, subtree.contains(parent) else { continue }
      subtree.insert(record.context.sequence)
      last = record.index
    }
    guard last > span.position else {
      return Reply(events: [stopped(reason: "step", description: "#\(span.position) caused no later entry")])
    }
    return try await moving(["jump", String(last)], reason: "step")
  }

  /// `stepBack`: one entry back (`reverse-step`).
  func stepBack(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    try await jump(by: -1)
  }

  /// One entry forward or back, or a `stopped` saying the history ends there.
  private func jump(by step: Int) async throws(AdapterError) -> Reply {
    let span = try await historySpan()
    let target = span.position + step
    guard target >= span.first - 1, target <= span.last else {
      let end = step > 0 ? "at the latest entry, #\(span.last)" : "at the oldest state kept"
      return Reply(events: [stopped(reason: "step", description: end)])
    }
    return try await moving(["jump", String(target)], reason: "step")
  }

  /// `continue`: paused in a dispatch, run on (`continue`); in the past, forward through the
  /// history to the next entry a breakpoint is on, or to the latest.
  func continueForward(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    if storesRunLive {
      // A program's store runs on from where it is, until it stops by itself.
      var moved = try await storeIsPaused() ? try await moving(["continue"], reason: "pause", resumes: true) : Reply()
      moved.body = .object([("allThreadsContinued", .boolean(false))])
      return moved
    }
    if try await isPausedInDispatch() {
      var moved = try await moving(["continue"], reason: "pause")
      moved.body = .object([("allThreadsContinued", .boolean(true))])
      return moved
    }
    let span = try await historySpan()
    let scan = try await scan(Array(stride(from: span.position + 1, through: span.last, by: 1)), span: span)
    return try await travel(to: scan, orElse: span.last, body: .object([("allThreadsContinued", .boolean(true))]))
  }

  /// `reverseContinue`: back through the history to the previous entry a breakpoint is on,
  /// or to the oldest state kept.
  func reverseContinue(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    let span = try await historySpan()
    let scan = try await scan(Array(stride(from: span.position - 1, through: span.first, by: -1)), span: span)
    return try await travel(to: scan, orElse: span.first - 1, body: nil)
  }

  /// Jumps to the scan's hit (a stop at a breakpoint) or to `end` (a stop where the history
  /// ends), after the messages of the log points it passed.
  private func travel(to scan: HistoryScan, orElse end: Int, body: JSONValue?) async throws(AdapterError) -> Reply {
    var events: [Outgoing] = []
    for (index, message) in scan.logged {
      events.append(.event("output", .object([("category", .string("console")), ("output", .string(try await interpolated(message, at: index) + "\n"))])))
    }
    let target = scan.hit?.index ?? end
    let reply = try await run(["jump", String(target)])
    let stop: Outgoing
    if let hit = scan.hit {
      stop = stopped(reason: "breakpoint", description: "breakpoint at #\(hit.index)", hitBreakpointIDs: hit.breakpoints)
    } else {
      stop = stopped(reason: "pause", description: target == 0 ? "at the initial state" : "at #\(target)")
    }
    return Reply(body: body, events: events + output(of: reply) + [stop])
  }

  /// What a pass through the history met: the first entry a breakpoint stops at, with the
  /// ids of those there, and the log points passed before it.
  struct HistoryScan {
    var hit: (index: Int, breakpoints: [Int])?
    var logged: [(index: Int, message: String)] = []
  }

  /// Passes through `indices` in the order given, to the first that a line breakpoint, a
  /// function breakpoint's case or a data breakpoint's change is on; a log point's line
  /// passed on the way is noted, and never stops.
  private func scan(_ indices: [Int], span: HistorySpan) async throws(AdapterError) -> HistoryScan {
    var scan = HistoryScan()
    guard let low = indices.min(), let high = indices.max(), low >= span.first,
      !lineBreakpoints.isEmpty || !functionBreakpoints.isEmpty || !dataBreakpoints.isEmpty
    else { return scan }
    guard case .history(let records, _, _)? = try await result(["log", "from", String(low), String(high - low + 1)]) else {
      return scan
    }
    let byIndex = Dictionary(records.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
    for index in indices {
      var hits: [Int] = []
      if let line = lineBreakpoints[span.line(of: index)] {
        if let message = line.logMessage { scan.logged.append((index, message)) } else { hits.append(line.id) }
      }
      if let record = byIndex[index] {
        hits += functionBreakpoints.filter { casePatternMatches($0.pattern, record.caseName) }.map(\.id)
        hits += dataBreakpoints.filter { $0.isChanged(by: record.changedPaths ?? []) }.map(\.id)
      }
      if !hits.isEmpty {
        scan.hit = (index, hits)
        return scan
      }
    }
    return scan
  }

  /// A log point's message with each `{PATH}` replaced by the value at PATH after entry
  /// `index` (`print PATH at N`); a path with no value there says so in its place.
  func interpolated(_ message: String, at index: Int) async throws(AdapterError) -> String {
    var text = ""
    var rest = message[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      text += rest[..<open]
      let path = String(rest[rest.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
      var value = "<no \(path) at #\(index)>"
      if !path.isEmpty, !path.contains(where: \.isWhitespace),
        let printed = try? await result(["print", path, "at", String(index)]), case .value(_, let tree) = printed
      {
        value = tree.compactDescription
      }
      text += value
      rest = rest[rest.index(after: close)...]
    }
    return text + rest
  }

  /// `pause`: the store stops before its next action.
  func pause(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    try await moving(["pause"], reason: "pause")
  }

  /// `gotoTargets`: the entry on a line of the log is a target, its id the entry's index.
  func gotoTargets(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    let source = try Arguments(arguments["source"])
    guard try isLogSource(source) else {
      return Reply(body: .object([("targets", .array([]))]))
    }
    let span = try await historySpan()
    let index = span.index(onLine: oneBasedLine(try arguments.requiredInteger("line")))
    guard index >= span.first - 1, index <= span.last else { return Reply(body: .object([("targets", .array([]))])) }
    let target: JSONValue = .object([
      ("id", .integer(index)), ("label", .string(index == 0 ? "the initial state" : "#\(index)")),
      ("line", .integer(editorLine(span.line(of: index)))),
    ])
    return Reply(body: .object([("targets", .array([target]))]))
  }

  /// `goto`: jumps to the entry the target names.
  func goto(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    let index = try arguments.requiredInteger("targetId")
    return try await moving(["jump", String(index)], reason: "goto")
  }

  /// `restartFrame`: back to before the frame's action, and that action sent again: the
  /// history forks there (`jump N-1`, then the action).
  func restartFrame(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    let frame = try references.frame(try arguments.requiredInteger("frameId"))
    guard let index = frame.index, index > 0,
      case .entry(let record, _)? = try await result(["show", String(index)])
    else { throw AdapterError("this frame has no action of its own to send again") }
    var events = output(of: try await run(["jump", String(index - 1)]))
    events += output(of: try await run(record.action))
    return Reply(events: events + [stopped(reason: "restart", description: "sent \(record.action) again from #\(index - 1)")])
  }
}
