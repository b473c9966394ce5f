extension CommandInterpreter {
  func manageBreakpoints(_ command: Command) throws(DebugError) -> CommandResult {
    let session = try session()
    let breakpoints = session.breakpointControl
    switch command {
    case .addBreakpoint(let kind, let isOneShot):
      let breakpoint = try breakpoints.addBreakpoint(kind, isOneShot: isOneShot, ignoreCount: 0)
      return .breakpointAdded(breakpoint, notes: breakpoints.notes(on: breakpoint))
    case .delete(let ids):
      var targets: [Int] = []
      for id in ids { targets.append(try resolved(id, in: breakpoints)) }
      if ids.isEmpty { targets = breakpoints.breakpoints.map(\.id) }
      for id in targets { try breakpoints.deleteBreakpoint(id) }
      if targets.isEmpty { return .message(["no breakpoints to delete"]) }
      let noun = targets.count == 1 ? "breakpoint" : "breakpoints"
      return .message(["deleted \(noun) \(targets.map(String.init).joined(separator: ", "))"])
    case .setEnabled(let id, let enabled):
      let id = try resolved(id, in: breakpoints)
      try breakpoints.setBreakpoint(id, enabled: enabled)
      return .message(["\(enabled ? "enabled" : "disabled") breakpoint \(id)"])
    case .ignore(let id, let count):
      let id = try resolved(id, in: breakpoints)
      try breakpoints.setIgnoreCount(count, for: id)
      return .message(["breakpoint \(id) will let the next \(count) match\(count == 1 ? "" : "es") pass"])
    case .condition(let id, let condition):
      let id = try resolved(id, in: breakpoints)
      _ = try breakpoints.setCondition(condition, for: id)
      return .message([
        condition.map { "breakpoint \(id) stops only if \($0)" } ?? "breakpoint \(id) is now unconditional"
      ])
    case .breakpointCommands(let id, let lines):
      let id = try resolved(id, in: breakpoints)
      try breakpoints.setCommands(lines, for: id)
      let count = lines.isEmpty ? "no commands" : lines.count == 1 ? "1 command" : "\(lines.count) commands"
      return .message(["breakpoint \(id) runs \(count) when it stops"])
    case .saveBreakpoints(let path):
      try BreakpointScript.save(breakpoints.breakpoints, feature: session.featureName, to: path)
      let count = breakpoints.breakpoints.count
      return .message(["saved \(count) breakpoint\(count == 1 ? "" : "s") to \(path) (source \(path) restores them)"])
    default:
      throw DebugError("not a breakpoint command")
    }
  }

  /// `id`, or the id of the breakpoint made last for `$bpnum`.
  private func resolved(_ id: Int, in breakpoints: any SessionBreakpoints) throws(DebugError) -> Int {
    guard id == Breakpoint.lastMadeID else { return id }
    guard let last = breakpoints.lastBreakpointID else {
      throw DebugError("$bpnum names no breakpoint: none was made yet")
    }
    return last
  }
}
