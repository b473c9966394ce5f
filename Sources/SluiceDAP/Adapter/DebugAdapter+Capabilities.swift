import SluiceReporting

extension DebugAdapter {
  /// The exception filters: the stops a store debugger has that are not breakpoints on an
  /// action. `cycle` is the engine's breakpoint kind (`break cycle`); the other two the
  /// adapter sees in what the store reports, and stops the store for.
  static let exceptionFilters: [(filter: String, label: String, description: String)] = [
    ("cycle", "Cycle warnings", "Stop when the cycle detector warns of a runaway dispatch loop"),
    ("failedJob", "Failed jobs", "Stop when an effect's job throws"),
    ("dropped", "Dropped actions", "Stop when an action is dropped unreduced (its job was cancelled or had ended, a jump abandoned it)"),
  ]

  /// Each capability and the request it promises: advertised only when that request has a
  /// handler, so the two cannot drift apart.
  static let capabilityRequests: [(capability: String, request: String)] = [
    ("supportsConfigurationDoneRequest", "configurationDone"),
    ("supportsFunctionBreakpoints", "setFunctionBreakpoints"),
    ("supportsConditionalBreakpoints", "setFunctionBreakpoints"),
    ("supportsHitConditionalBreakpoints", "setFunctionBreakpoints"),
    ("supportsEvaluateForHovers", "evaluate"),
    ("supportsStepBack", "stepBack"),
    ("supportsSetVariable", "setVariable"),
    ("supportsRestartFrame", "restartFrame"),
    ("supportsRestartRequest", "restart"),
    ("supportsGotoTargetsRequest", "gotoTargets"),
    ("supportsCompletionsRequest", "completions"),
    ("supportsTerminateRequest", "terminate"),
    ("supportsDataBreakpoints", "setDataBreakpoints"),
    ("supportsDelayedStackTraceLoading", "stackTrace"),
    ("supportsLogPoints", "setBreakpoints"),
  ]

  /// The capabilities `initialize` answers: those whose request has a handler, and the
  /// exception filters. Memory, disassembly and modules are not offered: a store has none.
  static var capabilities: JSONValue {
    var members: [(String, JSONValue)] = capabilityRequests.compactMap { capability, request in
      handlers[request] == nil ? nil : (capability, .boolean(true))
    }
    members.append(
      ("exceptionBreakpointFilters", .array(exceptionFilters.map { filter in
        .object([
          ("filter", .string(filter.filter)), ("label", .string(filter.label)),
          ("description", .string(filter.description)), ("default", .boolean(false)),
        ])
      })))
    return .object(members)
  }
}
