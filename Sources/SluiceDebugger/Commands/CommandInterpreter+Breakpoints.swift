extension CommandInterpreter {
  func manageBreakpoints(_ command: Command) throws(DebugError) -> CommandResult {
    let session = try session()
    switch command {
    case .addBreakpoint(let kind, let isOneShot):
      let breakpoint = try session.addBreakpoint(kind, isOneShot: isOneShot, ignoreCount: 0)
      return .breakpointAdded(breakpoint, notes: session.notes(on: breakpoint))
    case .delete(let ids):
      let targets = ids.isEmpty ? session.breakpoints.map(\.id) : ids
      for id in targets { try session.deleteBreakpoint(id) }
      if targets.isEmpty { return .message(["no breakpoints to delete"]) }
      let noun = targets.count == 1 ? "breakpoint" : "breakpoints"
      return .message(["deleted \(noun) \(targets.map(String.init).joined(separator: ", "))"])
    case .setEnabled(let id, let enabled):
      try session.setBreakpoint(id, enabled: enabled)
      return .message(["\(enabled ? "enabled" : "disabled") breakpoint \(id)"])
    case .ignore(let id, let count):
      try session.setIgnoreCount(count, for: id)
      return .message(["breakpoint \(id) will let the next \(count) match\(count == 1 ? "" : "es") pass"])
    default:
      throw DebugError("not a breakpoint command")
    }
  }
}
