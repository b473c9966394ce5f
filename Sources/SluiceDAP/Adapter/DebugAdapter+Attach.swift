import SluiceDebugger
import SluiceReporting

extension DebugAdapter {
  /// `attach`: to a running program. The adapter an editor started asks its owner to
  /// connect to the program (`pid`, `socket`, or `host` and `port` with `tokenFile`) and
  /// answers nothing itself; the adapter in the program answers, debugging its stores:
  /// `store` first (by default the first offered), paused at once when `stopOnEntry`.
  func attach(_ arguments: Arguments) async throws(AdapterError) -> Reply {
    guard case .program(let debugger) = sessions else {
      let target = try RelayRequest.target(of: arguments)
      relayRequest = RelayRequest(
        target: target, configuration: configurationRequests.map(\.body),
        configurationSeqs: Set(configurationRequests.map(\.seq)))
      return Reply(isRelayed: true)
    }
    let names = debugger.registry.names
    guard let name = try arguments.string("store") ?? debugger.current?.featureName ?? names.first else {
      throw AdapterError("the program offers no store to debug yet")
    }
    guard names.contains(name) else {
      throw AdapterError("the program has no store '\(name)': its stores are \(names.joined(separator: ", "))")
    }
    stopsOnEntry = try arguments.boolean("stopOnEntry") ?? false
    endpoint = CommandEndpoint(interpreter: CommandInterpreter(debugger: debugger, origin: .user))
    (functionBreakpoints, dataBreakpoints, cycleBreakpointID) = ([], [], nil)
    var events: [Outgoing]
    do throws(AdapterError) {
      events = output(of: try await run(["use", name]))
      if stopsOnEntry { events += output(of: try await run(["pause"])) }
    } catch {
      endpoint = nil
      throw error
    }
    // Thread ids in the order the program offers its stores.
    for name in names { _ = threadID(of: name) }
    return Reply(events: events + (try await started()))
  }

  /// What the program's store did since the editor was last told, while no request ran:
  /// each action as `output`, and a `stopped` when the store stopped by itself (a
  /// breakpoint, a watchpoint, the cycle detector) or did what an exception filter that is on
  /// stops at (paused then, before its next action); `thread` events for the stores that
  /// came and went. Nothing for a hosted session, which does nothing on its own.
  package func backgroundEvents() async -> [Outgoing] {
    guard storesRunLive, phase == .launched, let endpoint, let session = debugger?.current else { return threadEvents() }
    let events = session.inspection.takeBackgroundEvents()
    var outgoing = threadEvents() + output(of: endpoint.events(events))
    do {
      if let stop = try await storeStopHolding(events) { outgoing.append(stop) }
    } catch {
      outgoing.append(.event("output", .object([("category", .string("important")), ("output", .string("could not pause the store: \(error.message)\n"))])))
    }
    return outgoing
  }
}
