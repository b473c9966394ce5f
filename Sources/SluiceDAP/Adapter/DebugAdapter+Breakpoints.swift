import SluiceDebugger
import SluiceReporting

extension DebugAdapter {
  /// `setBreakpoints` on the action log: a breakpoint on a line stops there when `continue`
  /// or `reverseContinue` moves through the history; a log point (`logMessage`) prints its
  /// message there instead, `{PATH}` filled in with the value after that entry. Other
  /// sources have no breakpoints.
  func setBreakpoints(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    let source = try Arguments(arguments["source"])
    let requested = try arguments.objects("breakpoints").map { breakpoint throws(AdapterError) in
      (line: try breakpoint.requiredInteger("line"), logMessage: try breakpoint.string("logMessage"))
    }
    let lines = requested.map(\.line)
    guard try isLogSource(source) else {
      let refused: [JSONValue] = lines.map { line in
        .object([("verified", .boolean(false)), ("line", .integer(line)), ("message", .string("only the action log takes breakpoints"))])
      }
      return Reply(body: .object([("breakpoints", .array(refused))]))
    }
    let span = endpoint == nil ? nil : try await historySpan()
    lineBreakpoints = [:]
    var answered: [JSONValue] = []
    for (line, logMessage) in requested {
      let id = nextBreakpointID()
      let oneBased = oneBasedLine(line)
      lineBreakpoints[oneBased] = LineBreakpoint(id: id, logMessage: logMessage?.isEmpty == false ? logMessage : nil)
      var members: [(String, JSONValue)] = [("id", .integer(id)), ("line", .integer(line)), ("source", logSource)]
      if let span, span.index(onLine: oneBased) > span.last {
        members += [("verified", .boolean(false)), ("message", .string("no entry on this line yet"))]
      } else {
        members.append(("verified", .boolean(true)))
      }
      answered.append(.object(members))
    }
    return Reply(body: .object([("breakpoints", .array(answered))]))
  }

  /// `setFunctionBreakpoints`: a breakpoint on each action-case glob (`break PATTERN if
  /// CONDITION`, its hit condition as `ignore`), replacing those set before. Before `launch`
  /// they are kept, and set when the session starts.
  func setFunctionBreakpoints(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    pendingFunctionBreakpoints = try arguments.objects("breakpoints").map { (id: nextBreakpointID(), breakpoint: $0) }
    guard endpoint != nil else { return Self.pendingAnswer(pendingFunctionBreakpoints) }
    return Reply(body: .object([("breakpoints", .array(try await applyFunctionBreakpoints()))]))
  }

  /// Sets the engine's breakpoints for the function breakpoints the editor asked for,
  /// deleting those set before; answers each as `setFunctionBreakpoints` does.
  @discardableResult
  func applyFunctionBreakpoints() async throws(AdapterError) -> [JSONValue] {
    let (made, answers) = try await replaceEngineBreakpoints(functionBreakpoints.map(\.engineID), pendingFunctionBreakpoints) {
      breakpoint throws(AdapterError) in
      guard let name = try breakpoint.string("name") else { throw AdapterError("`name` is missing") }
      var command = try RequestWords.line(["break", name])
      if let condition = try breakpoint.string("condition"), !condition.isEmpty {
        guard !condition.contains(where: \.isNewline) else { throw AdapterError("a condition is one line") }
        command += " if " + condition
      }
      guard case .breakpointAdded(let added, _)? = try await self.run(command).result else {
        throw AdapterError("the engine made no breakpoint")
      }
      if let hits = try breakpoint.string("hitCondition"), !hits.isEmpty {
        guard let count = Int(hits.trimmingCharacters(in: .whitespaces)), count >= 1 else {
          throw AdapterError("a hit condition is a whole number of hits, 1 or more, not \(hits)")
        }
        if count > 1 { _ = try await self.run(["ignore", String(added.id), String(count - 1)]) }
      }
      return added.id
    }
    functionBreakpoints = made.map { FunctionBreakpoint(id: $0.id, pattern: (try? $0.breakpoint.string("name")) ?? "", engineID: $0.engineID) }
    return answers
  }

  /// What a `set…Breakpoints` request before `launch` answers: each breakpoint verified,
  /// to be set when the session starts.
  static func pendingAnswer(_ requested: [(id: Int, breakpoint: Arguments)]) -> Reply {
    let pending: [JSONValue] = requested.map { .object([("id", .integer($0.id)), ("verified", .boolean(true))]) }
    return Reply(body: .object([("breakpoints", .array(pending))]))
  }

  /// Deletes the engine's breakpoints `previous` and makes one for each of `requested` with
  /// `make`, which returns the engine's id: the ones made, and an answer for each, verified or
  /// saying why not.
  func replaceEngineBreakpoints(
    _ previous: [Int], _ requested: [(id: Int, breakpoint: Arguments)],
    make: (Arguments) async throws(AdapterError) -> Int
  ) async throws(AdapterError) -> (made: [(id: Int, breakpoint: Arguments, engineID: Int)], answers: [JSONValue]) {
    if !previous.isEmpty { _ = try await run(["delete"] + previous.map(String.init)) }
    var made: [(id: Int, breakpoint: Arguments, engineID: Int)] = []
    var answers: [JSONValue] = []
    for (id, breakpoint) in requested {
      do throws(AdapterError) {
        made.append((id, breakpoint, try await make(breakpoint)))
        answers.append(.object([("id", .integer(id)), ("verified", .boolean(true))]))
      } catch {
        answers.append(.object([("id", .integer(id)), ("verified", .boolean(false)), ("message", .string(error.message))]))
      }
    }
    return (made, answers)
  }

  /// `setExceptionBreakpoints`: `cycle` stops at a cycle warning (`break cycle`).
  func setExceptionBreakpoints(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    let filters = Set(try arguments.strings("filters"))
    let known = Set(Self.exceptionFilters.map(\.filter))
    guard filters.isSubset(of: known) else {
      throw AdapterError("unknown exception filter \(filters.subtracting(known).sorted().joined(separator: ", "))")
    }
    exceptionFilters = filters
    if endpoint != nil { try await applyExceptionFilters() }
    return Reply(body: .object([("breakpoints", .array(filters.sorted().map { _ in .object([("verified", .boolean(true))]) }))]))
  }

  /// Sets the engine's breakpoint for each exception filter on, deleting those set before.
  func applyExceptionFilters() async throws(AdapterError) {
    if let cycleBreakpointID {
      _ = try await run(["delete", String(cycleBreakpointID)])
      self.cycleBreakpointID = nil
    }
    guard exceptionFilters.contains("cycle") else { return }
    if case .breakpointAdded(let added, _)? = try await result(["break", "cycle"]) { cycleBreakpointID = added.id }
  }

  func nextBreakpointID() -> Int {
    breakpointCount += 1
    return breakpointCount
  }
}

/// A command line made of words, each checked to be one word.
enum RequestWords {
  static func line(_ words: [String]) throws(AdapterError) -> String {
    do {
      return try RequestArguments(command: words[0], words: Array(words.dropFirst())).line
    } catch {
      throw AdapterError(error.message)
    }
  }
}

/// A breakpoint on a line of the action log: the id the editor knows, and a log point's
/// message, which prints rather than stops.
struct LineBreakpoint {
  var id: Int
  var logMessage: String?
}
