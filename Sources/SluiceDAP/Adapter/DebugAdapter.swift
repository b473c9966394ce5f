import SluiceDebugger
import SluiceReporting

/// A Debug Adapter Protocol server's logic: takes the editor's messages and returns what to
/// send back, in order (responses and events), leaving the bytes to its owner (`sluice dap`'s
/// connection, or a tool's: ``messages(answering:)``). It is another client of the one
/// engine: every request becomes commands through the JSON protocol's endpoint, and reads
/// their typed answers.
///
/// The program a store debugger debugs is the session's history: the thread is the store,
/// its current line the entry the state is at, and the adapter shows the history as a
/// virtual source, one line per entry, so stepping forwards and backwards, breakpoints on
/// lines and "Jump to Cursor" all move through time. A hosted session's store is stopped
/// whenever no command runs: it does nothing between the commands sent to it. A running
/// program's stores (``init(attachingTo:)``, in the program's agent) run on their own: one is
/// stopped only while it is paused, and tells the editor when it stops by itself
/// (``backgroundEvents()``).
@MainActor
public final class DebugAdapter {
  /// Where the sessions come from.
  let sessions: Sessions
  /// The session, once launched.
  var endpoint: CommandEndpoint?
  /// What the editor said of itself in `initialize`.
  var client = ClientCapabilities()
  /// Where the conversation is.
  var phase = Phase.uninitialized
  /// The containers of the variables the editor may ask for, valid until the store moves.
  var references = VariableReferences()
  /// Breakpoints on the action log's lines: an entry to stop at, or a log point's message
  /// to print there, by line.
  var lineBreakpoints: [Int: LineBreakpoint] = [:]
  /// Breakpoints on action cases, as the editor last set them.
  var functionBreakpoints: [FunctionBreakpoint] = []
  /// The exception filters on: `cycle`, `failedJob`, `dropped`.
  var exceptionFilters: Set<String> = []
  /// Whether `launch` asked to stop on entry.
  var stopsOnEntry = false
  /// What the session was launched with, for `restart`.
  var launchArguments: Arguments?
  /// How many breakpoints the adapter numbered: ids are never reused.
  var breakpointCount = 0
  /// The function breakpoints the editor asked for last, with the ids it was given.
  var pendingFunctionBreakpoints: [(id: Int, breakpoint: Arguments)] = []
  /// The data breakpoints the editor asked for last, with the ids it was given.
  var pendingDataBreakpoints: [(id: Int, breakpoint: Arguments)] = []
  /// Watchpoints on state paths, as the editor last set them.
  var dataBreakpoints: [DataBreakpoint] = []
  /// The engine's breakpoint for the `cycle` exception filter, while it is on.
  var cycleBreakpointID: Int?

  /// The requests answered before `attach` connected to a program, as the editor sent them:
  /// the program's adapter is told them first (``RelayRequest``).
  var configurationRequests: [(seq: Int, body: [UInt8])] = []
  /// What `attach` asked the owner to do, until it takes it.
  var relayRequest: RelayRequest?
  /// The stores the editor was told of, by thread id (its index + 1): ids are never reused.
  var threadNames: [String] = []
  /// The stores the editor was told went away (a `thread` event, `exited`).
  var withdrawnStores: Set<String> = []

  /// Where an adapter's sessions come from.
  enum Sessions {
    /// `launch` hosts a session on a feature of the registry; `attach` is relayed to a
    /// running program's agent by the adapter's owner.
    case hosted(FeatureRegistry)
    /// The stores of the running program whose agent holds this debugger: `attach` debugs
    /// them, and `launch` is refused.
    case program(Debugger)
  }

  /// Where the conversation is: requests other than `initialize` wait for it, and nothing
  /// but `disconnect` is taken after the session ended.
  enum Phase: Equatable {
    case uninitialized, initialized, launched, ended
  }

  /// An adapter whose `launch` may start any feature of `registry`, and whose `attach`
  /// asks its owner to connect to a program (``takeRelayRequest()``).
  public init(registry: FeatureRegistry) {
    sessions = .hosted(registry)
  }

  /// An adapter inside a running program, debugging the stores `debugger` holds (the
  /// agent's): the editor's `attach` reaches it through the `sluice dap` it started.
  package init(attachingTo debugger: Debugger) {
    sessions = .program(debugger)
  }

  /// Whether the stores run on their own (a program's), rather than only when a command
  /// moves them (a hosted session).
  var storesRunLive: Bool {
    if case .program = sessions { return true }
    return false
  }

  /// What `attach` asked for, once: the owner connects to the program and relays the
  /// conversation to the adapter there.
  package func takeRelayRequest() -> RelayRequest? {
    defer { relayRequest = nil }
    return relayRequest
  }

  /// Whether the editor disconnected: the owner closes the connection.
  package var isFinished: Bool { phase == .ended }

  /// Answers one request: its response, then the events it caused. An `attach` to be
  /// relayed is answered by the program's adapter: nothing, here.
  package func answer(_ request: Request) async -> [Outgoing] {
    let reply: Result<Reply, AdapterError>
    if let handler = Self.handlers[request.command] {
      do {
        try checkPhase(for: request.command)
        if phase == .launched, let thread = try request.arguments.integer("threadId") { try await select(thread: thread) }
        reply = .success(try await handler(self, request.arguments))
      } catch {
        reply = .failure(error as? AdapterError ?? AdapterError("\(error)"))
      }
    } else {
      reply = .failure(AdapterError("unknown request `\(request.command)`: this adapter does not handle it"))
    }
    switch reply {
    case .success(let reply) where reply.isRelayed:
      return []
    case .success(let reply):
      return [.response(requestSeq: request.seq, command: request.command, .success(reply.body))] + reply.events
    case .failure(let error):
      return [.response(requestSeq: request.seq, command: request.command, .failure(error))]
    }
  }

  /// Answers one message, the JSON body of a frame the editor sent: the messages to send
  /// back, responses and events in order, each a JSON body whose `seq` (0) the caller
  /// numbers before it frames it (``framed(_:)``). For a tool that serves the adapter its own
  /// way; `sluice dap` numbers and frames them as they come.
  public func messages(answering body: [UInt8]) async -> [[UInt8]] {
    await answer(body: body).map(\.body)
  }

  /// Answers one frame's body: a request, or an error response to one that cannot be read.
  package func answer(body: [UInt8]) async -> [Outgoing] {
    switch Request.read(body) {
    case .success(let request):
      let answer = await answer(request)
      // What configured the editor's session before it attached, for the program's adapter.
      if phase == .initialized || (phase == .uninitialized && request.command == "initialize"),
        case .response(_, _, .success)? = answer.first
      {
        configurationRequests.append((request.seq, body))
      }
      return answer
    case .failure(let refused):
      return [.response(requestSeq: refused.seq, command: refused.command, .failure(refused.error))]
    }
  }

  private func checkPhase(for command: String) throws(AdapterError) {
    switch (phase, command) {
    case (.uninitialized, "initialize"), (_, "disconnect"): return
    case (.uninitialized, _): throw AdapterError("`\(command)` before `initialize`: send `initialize` first")
    case (_, "initialize"): throw AdapterError("`initialize` was already sent")
    case (.initialized, "launch"), (.initialized, "attach"), (.initialized, "setBreakpoints"),
      (.initialized, "setFunctionBreakpoints"), (.initialized, "setExceptionBreakpoints"),
      (.initialized, "setDataBreakpoints"), (.initialized, "configurationDone"), (.initialized, "threads"),
      (.initialized, "dataBreakpointInfo"):
      return
    case (.initialized, _): throw AdapterError("`\(command)` before `launch`: there is no session yet")
    case (.ended, _): throw AdapterError("the session ended")
    case (.launched, "launch"), (.launched, "attach"): throw AdapterError("a session is already running")
    case (.launched, _): return
    }
  }

  /// What a handler returns: the response's body and the events that follow it.
  struct Reply {
    var body: JSONValue?
    var events: [Outgoing] = []
    /// Whether the request is answered elsewhere: an `attach` the owner relays.
    var isRelayed = false
  }

  /// A request's handler. Its errors are ``AdapterError``s (untyped here only because a
  /// closure literal in a table cannot spell a typed throw without its full signature).
  typealias Handler = @MainActor (DebugAdapter, Arguments) async throws -> Reply

  /// Every request the adapter handles, by command. The capabilities `initialize` answers
  /// are derived from it (``capabilities``), so they cannot claim a request it lacks.
  static let handlers: [String: Handler] = [
    "initialize": { try $0.initialize($1) },
    "launch": { try await $0.launch($1) },
    "attach": { try await $0.attach($1) },
    "restart": { try await $0.restart($1) },
    "configurationDone": { try await $0.configurationDone($1) },
    "disconnect": { $0.disconnect($1) },
    "terminate": { $0.disconnect($1) },
    "threads": { $0.threads($1) },
    "stackTrace": { try await $0.stackTrace($1) },
    "scopes": { try await $0.scopes($1) },
    "variables": { try await $0.variables($1) },
    "source": { try await $0.source($1) },
    "evaluate": { try await $0.evaluate($1) },
    "completions": { try $0.completions($1) },
    "setVariable": { try await $0.setVariable($1) },
    "continue": { try await $0.continueForward($1) },
    "next": { try await $0.next($1) },
    "stepIn": { try await $0.stepIn($1) },
    "stepOut": { try await $0.stepOut($1) },
    "stepBack": { try await $0.stepBack($1) },
    "reverseContinue": { try await $0.reverseContinue($1) },
    "pause": { try await $0.pause($1) },
    "goto": { try await $0.goto($1) },
    "gotoTargets": { try await $0.gotoTargets($1) },
    "restartFrame": { try await $0.restartFrame($1) },
    "setBreakpoints": { try await $0.setBreakpoints($1) },
    "setFunctionBreakpoints": { try await $0.setFunctionBreakpoints($1) },
    "setExceptionBreakpoints": { try await $0.setExceptionBreakpoints($1) },
    "dataBreakpointInfo": { try $0.dataBreakpointInfo($1) },
    "setDataBreakpoints": { try await $0.setDataBreakpoints($1) },
  ]
}
