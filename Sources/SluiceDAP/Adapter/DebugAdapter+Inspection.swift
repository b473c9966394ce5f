import SluiceDebugger
import SluiceReporting

extension DebugAdapter {
  /// The session's history as the adapter places it: the first entry kept, the last, and
  /// the entry the state is at.
  struct HistorySpan {
    var first: Int
    var last: Int
    var position: Int

    /// The log's line for entry `index`: line 1 is the state before the first entry kept
    /// (the initial state, `#0`, when none was dropped), each entry a line after it.
    func line(of index: Int) -> Int { index - first + 2 }
    /// The entry on `line`.
    func index(onLine line: Int) -> Int { line + first - 2 }
  }

  /// Reads the history's span: the last entry and the position (`log 1`), and the first
  /// entry kept (`log from 0 1`).
  func historySpan() async throws(AdapterError) -> HistorySpan {
    // A session with no entry answers `log` with a message, not a listing.
    guard case .history(let lastRecords, let travelled, _)? = try await result(["log", "1"]) else {
      return HistorySpan(first: 1, last: 0, position: 0)
    }
    let last = lastRecords.last?.index ?? 0
    var first = last + 1
    if case .history(let firstRecords, _, _)? = try await result(["log", "from", "0", "1"]) {
      first = firstRecords.first?.index ?? first
    }
    return HistorySpan(first: first, last: last, position: travelled?.index ?? last)
  }

  /// The `stopped` event for the store's position now, starting a new generation of
  /// references (the old ones are stale).
  func stopped(reason: String, description: String?, hitBreakpointIDs: [Int] = []) -> Outgoing {
    references.reset()
    var body: [(String, JSONValue)] = [
      ("reason", .string(reason)), ("threadId", .integer(currentThreadID)), ("allThreadsStopped", .boolean(true)),
    ]
    if let description { body.append(("description", .string(description))) }
    if !hitBreakpointIDs.isEmpty { body.append(("hitBreakpointIds", .array(hitBreakpointIDs.map(JSONValue.integer)))) }
    return .event("stopped", .object(body))
  }

  /// Whether `source` is the action log of the store in use: by its reference (its
  /// thread's id: each store has its log), or by its name (an editor that keeps virtual
  /// sources as files of its own, as nvim-dap does, sends the name alone).
  func isLogSource(_ source: Arguments) throws(AdapterError) -> Bool {
    if let reference = try source.integer("sourceReference"), reference > 0 { return reference == currentThreadID }
    let name = try source.string("name")
    let path = try source.string("path")
    return (name ?? path ?? "").hasSuffix(".sluicelog")
  }

  /// The log source of the store in use, as frames and breakpoints name it.
  var logSource: JSONValue {
    let name = (debugger?.current?.featureName ?? "store") + ".sluicelog"
    return .object([
      ("name", .string(name)), ("sourceReference", .integer(currentThreadID)),
      ("presentationHint", .string("emphasize")),
    ])
  }

  /// `stackTrace`: the causal chain of the action at the position (`bt`), newest first:
  /// the entry, the actions that led to it, back to the root; paged by `startFrame` and
  /// `levels`. Each frame with an entry is on that entry's line of the log.
  func stackTrace(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    let span = try await historySpan()
    var frames: [BacktraceFrame] = []
    if span.position > 0, span.position >= span.first, case .backtrace(let trace)? = try await result(["backtrace"]) {
      frames = trace.shownFrames
    }
    let start = max(try arguments.integer("startFrame") ?? 0, 0)
    let levels = try arguments.integer("levels") ?? 0
    var shown: [JSONValue] = []
    // A position with no action (the initial state) is one frame: the state before any.
    if frames.isEmpty {
      let id = references.add(VariableReferences.Frame(index: span.position, number: 0))
      let name = span.position == 0 ? "initial state" : "#\(span.position)"
      shown = start == 0 ? [frame(id: id, name: name, line: span.line(of: span.position))] : []
      return Reply(body: .object([("stackFrames", .array(shown)), ("totalFrames", .integer(1))]))
    }
    let end = levels > 0 ? min(start + levels, frames.count) : frames.count
    for number in start..<max(start, end) {
      let entry = frames[number]
      var held = VariableReferences.Frame(index: entry.index, number: number)
      // The top frame with no entry is the action the store stopped before.
      if entry.index == nil, number == 0 { held.pendingAction = (entry.action, entry.caseName) }
      let id = references.add(held)
      let origin = entry.origin.map { "  ← \($0)" } ?? ""
      let name = entry.index.map { "#\($0) \(entry.action)\(origin)" } ?? "[ \(entry.action)\(origin) ]"
      shown.append(frame(id: id, name: name, line: entry.index.map(span.line(of:))))
    }
    return Reply(body: .object([("stackFrames", .array(shown)), ("totalFrames", .integer(frames.count))]))
  }

  private func frame(id: Int, name: String, line: Int?) -> JSONValue {
    var members: [(String, JSONValue)] = [("id", .integer(id)), ("name", .string(name))]
    if let line {
      members += [("source", logSource), ("line", .integer(editorLine(line))), ("column", .integer(client.linesStartAt1 ? 1 : 0))]
    } else {
      // A frame with no entry of its own (a job's label) has no line; the editor greys it.
      members += [("line", .integer(0)), ("column", .integer(0)), ("presentationHint", .string("label"))]
    }
    return .object(members)
  }

  /// A 1-based line as the editor counts lines.
  func editorLine(_ line: Int) -> Int { client.linesStartAt1 ? line : line - 1 }
  /// An editor's line as a 1-based line.
  func oneBasedLine(_ line: Int) -> Int { client.linesStartAt1 ? line : line + 1 }

  /// `scopes`: the frame's action, the state after it, its changes, the state before it
  /// and the dependency reads it made; for the initial state, the state alone.
  func scopes(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    let frame = try references.frame(try arguments.requiredInteger("frameId"))
    var scopes: [JSONValue] = []
    func scope(_ name: String, _ container: VariableReferences.Container, hint: String? = nil, count: Int? = nil) {
      var members: [(String, JSONValue)] = [
        ("name", .string(name)), ("variablesReference", .integer(references.add(container))), ("expensive", .boolean(false)),
      ]
      if let hint { members.append(("presentationHint", .string(hint))) }
      if let count { members.append(("namedVariables", .integer(count))) }
      scopes.append(.object(members))
    }
    guard let index = frame.index else {
      // Stopped before an action: the action, and the state it will be reduced on.
      if let pending = frame.pendingAction {
        scope("Action", .list([VariableReferences.Variable(name: "action", value: pending.text, type: pending.caseName)]),
          hint: "arguments")
        if case .value(_, let state)? = try await result(["state"]) { scope("State", .tree(state, path: ""), hint: "locals") }
      }
      return Reply(body: .object([("scopes", .array(scopes))]))
    }
    let record: HistoryRecord?
    let diff: StateDiff?
    if index > 0, case .entry(let shown, let shownDiff)? = try await result(["show", String(index)]) {
      (record, diff) = (shown, shownDiff)
    } else {
      (record, diff) = (nil, nil)
    }
    if let record {
      scope("Action", .list([VariableReferences.Variable(name: "action", value: record.action, type: record.caseName,
        evaluateName: nil, children: nil), VariableReferences.Variable(name: "origin", value: record.origin.description)]),
        hint: "arguments")
    }
    if case .value(_, let state)? = try await result(["state", "at", String(index)]) {
      scope(index == 0 ? "Initial state" : "State", .tree(state, path: ""), hint: "locals")
    }
    if let diff {
      let changes = diff.flatChanges.map { change in
        VariableReferences.Variable(name: change.path.description, value: "\(change.old ?? "—") → \(change.new ?? "—")",
          evaluateName: change.path.description)
      }
      scope("Changes", .list(changes), count: changes.count)
    }
    if index > 0, case .value(_, let before)? = try await result(["state", "at", String(index - 1)]) {
      scope("State before", .tree(before, path: ""))
    }
    if let record, !record.reads.isEmpty {
      scope("Dependency reads", .list(record.reads.map { VariableReferences.Variable(name: $0.name, value: $0.json) }))
    }
    return Reply(body: .object([("scopes", .array(scopes))]))
  }

  /// `variables`: a container's children, paged by `start` and `count` (an array's
  /// elements are `indexedVariables`, so an editor asks for a page at a time).
  func variables(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    let container = try references.container(try arguments.requiredInteger("variablesReference"))
    let start = max(try arguments.integer("start") ?? 0, 0)
    let count = try arguments.integer("count") ?? 0
    var variables: [VariableReferences.Variable]
    switch container {
    case .list(let list):
      variables = list
    case .tree(let tree, let path):
      variables = tree.children(at: path).map { VariableReferences.Variable.of($0.tree, name: $0.name, path: $0.path) }
    }
    let end = count > 0 ? min(start + count, variables.count) : variables.count
    variables = start < end ? Array(variables[start..<end]) : []
    let shown: [JSONValue] = variables.map { variable in
      var members: [(String, JSONValue)] = [("name", .string(variable.name)), ("value", .string(variable.value))]
      if client.supportsVariableType, let type = variable.type { members.append(("type", .string(type))) }
      if let evaluateName = variable.evaluateName { members.append(("evaluateName", .string(evaluateName))) }
      var reference = 0
      if let children = variable.children {
        reference = references.add(children)
        if case .tree(let tree, _) = children, let indexed = tree.indexedCount {
          members.append(("indexedVariables", .integer(indexed)))
        }
      }
      members.append(("variablesReference", .integer(reference)))
      return .object(members)
    }
    return Reply(body: .object([("variables", .array(shown))]))
  }

  /// `source`: the action log, one line per entry from the state before the first kept.
  func source(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    var reference = try arguments.integer("sourceReference")
    if reference == nil { reference = try Arguments(arguments["source"]).integer("sourceReference") }
    guard let reference, reference >= 1, reference <= threadNames.count, storeNames.contains(threadNames[reference - 1]) else {
      throw AdapterError("sourceReference \(reference.map(String.init) ?? "missing") is no source of this adapter")
    }
    // Each store's log is its thread's source.
    try await select(thread: reference)
    let span = try await historySpan()
    var lines = [span.first <= 1 ? "#0 initial state" : "#\(span.first - 1) (the state before the oldest entry kept)"]
    if span.last >= span.first, case .history(let records, _, _)? = try await result(["log", "from", String(span.first), String(span.last - span.first + 1)]) {
      let renderer = TextRenderer()
      lines += records.map { renderer.headline(of: $0) }
    }
    return Reply(body: .object([("content", .string(lines.joined(separator: "\n") + "\n")), ("mimeType", .string("text/x-sluice-log"))]))
  }
}
