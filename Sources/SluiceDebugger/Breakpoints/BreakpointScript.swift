import SluiceFiles

/// Breakpoints as a script of the commands that make them (`save breakpoints FILE`), which
/// `source FILE` runs to make them again: each `break`, `tbreak` or `watch` line with its
/// condition, then what was set on it since, naming it `$bpnum` (the breakpoint made last),
/// as gdb's saved breakpoints do. Ids are not kept: sourced into a session that has
/// breakpoints, they are numbered after those.
enum BreakpointScript {
  /// The script's lines.
  static func lines(_ breakpoints: [Breakpoint], feature: String) -> [String] {
    var lines = [ReplacedKind.breakpointScriptMark + "\(feature), saved by `save breakpoints`: `source` this file to make them again"]
    for breakpoint in breakpoints {
      lines.append(SavedBreakpoint(breakpoint).command)
      if !breakpoint.commands.isEmpty {
        lines.append("commands $bpnum")
        lines += breakpoint.commands.map { "  " + $0 }
        lines.append("end")
      }
      if breakpoint.ignoreCount > 0 { lines.append("ignore $bpnum \(breakpoint.ignoreCount)") }
      if !breakpoint.isEnabled { lines.append("disable $bpnum") }
    }
    return lines
  }

  /// Writes the script to `path` as sessions are saved: atomically, never over a file that
  /// is not a regular one, keeping the mode of the file it replaces.
  static func save(_ breakpoints: [Breakpoint], feature: String, to path: String) throws(DebugError) {
    let text = lines(breakpoints, feature: feature).joined(separator: "\n") + "\n"
    try AtomicFile.save(Array(text.utf8), to: path, replacing: .breakpointScript)
  }
}
