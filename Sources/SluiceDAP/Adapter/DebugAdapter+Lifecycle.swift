import SluiceDebugger
import SluiceReporting

extension DebugAdapter {
  func initialize(_ arguments: Arguments) throws(AdapterError) -> Reply {
    client = try ClientCapabilities(arguments)
    phase = .initialized
    // `initialized` follows `launch` or `attach`: the editor then sends its breakpoints, to a
    // session that exists.
    return Reply(body: Self.capabilities)
  }

  /// `launch`: a session on a registered feature (`feature`, by default the first), on a
  /// virtual clock when `virtualClock`, a saved `session` loaded and a `script` run first.
  func launch(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    guard case .hosted(let registry) = sessions else {
      throw AdapterError("this adapter runs inside a program: `attach` to its stores")
    }
    let name = try arguments.string("feature") ?? registry.names.first
    guard let name, registry.feature(named: name) != nil else {
      let known = registry.names.joined(separator: ", ")
      throw AdapterError("`feature` \(name.map { "'\($0)'" } ?? "is missing"): the registered features are \(known)")
    }
    let options = SessionOptions(usesVirtualClock: try arguments.boolean("virtualClock") ?? false)
    stopsOnEntry = try arguments.boolean("stopOnEntry") ?? false
    let session = try arguments.string("session")
    let script = try arguments.string("script")
    let debugger = Debugger(registry: registry, options: options)
    endpoint = CommandEndpoint(interpreter: CommandInterpreter(debugger: debugger, origin: .user))
    // A new session has none of the engine's breakpoints an earlier one had: the editor's are
    // set on it afresh below.
    (functionBreakpoints, dataBreakpoints, cycleBreakpointID) = ([], [], nil)
    var events: [Outgoing] = []
    do throws(AdapterError) {
      events += output(of: try await run(["use", name]))
      if let session { events += output(of: try await run("load " + (try Self.fileArgument(session)))) }
      if let script { events += try await runScript(at: script) }
    } catch {
      // A launch that failed leaves no session behind: the editor may launch again.
      endpoint = nil
      throw error
    }
    launchArguments = arguments
    return Reply(body: nil, events: events + (try await started()))
  }

  /// A session started: the breakpoints the editor set before are set on it, and the
  /// editor is told to send its configuration (`initialized`).
  func started() async throws(AdapterError) -> [Outgoing] {
    phase = .launched
    try await applyFunctionBreakpoints()
    try await applyDataBreakpoints()
    try await applyExceptionFilters()
    return [.event("initialized", nil)]
  }

  /// Runs the script at `path`, line by line, each line's output an `output` event; stops at
  /// the first line that fails, saying which.
  private func runScript(at path: String) async throws(AdapterError) -> [Outgoing] {
    let source: ScriptSource
    do {
      source = try ScriptSource(contentsOf: path)
    } catch {
      throw AdapterError("cannot read the script \(path): \(error)")
    }
    var events: [Outgoing] = []
    for (offset, line) in source.lines.enumerated() {
      let reply = try await session().run(line)
      if let failure = reply.failure {
        throw AdapterError("\(path):\(offset + 1): \(failure.message)")
      }
      events += output(of: reply)
    }
    return events
  }

  /// `restart`: the session launched again from the start, with the launch's arguments (or
  /// those the request brings), breakpoints kept; it stops as after `configurationDone`.
  func restart(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    guard let launched = launchArguments else { throw AdapterError("nothing to restart: no session was launched") }
    let again = arguments["arguments"] == nil ? launched : try Arguments(arguments["arguments"])
    phase = .initialized
    endpoint = nil
    let relaunched = try await launch(again)
    // The editor configured this session already: no second `initialized`.
    let events = relaunched.events.filter { $0.eventName != "initialized" }
    return Reply(events: events + [stopped(reason: stopsOnEntry ? "entry" : "pause", description: "restarted")])
  }

  /// `configurationDone`: the editor set its breakpoints; the store stops at its position
  /// (on entry when asked), which is where a hosted session waits for commands.
  /// A program's store runs on: it stops only when it is paused already.
  func configurationDone(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    guard endpoint != nil else { return Reply() }
    if storesRunLive, !(try await isPausedInDispatch()) { return Reply() }
    return Reply(events: [stopped(reason: stopsOnEntry ? "entry" : "pause", description: nil)])
  }

  func disconnect(_ arguments: Arguments) -> Reply {
    phase = .ended
    endpoint = nil
    return Reply(events: [.event("terminated", nil)])
  }

  /// The endpoint of the session launched.
  func session() throws(AdapterError) -> CommandEndpoint {
    guard let endpoint else { throw AdapterError("there is no session: send `launch` first") }
    return endpoint
  }

  /// `path` as a command's file argument: quoted, for a name with spaces.
  static func fileArgument(_ path: String) throws(AdapterError) -> String {
    guard !path.isEmpty, !path.contains("\""), !path.contains(where: \.isNewline) else {
      throw AdapterError("the file name \(path.debugDescription) holds a quote or a line break")
    }
    return "\"\(path)\""
  }
}
