/// Rebuilding a session file's breakpoints: each keeps the id it was saved with; one that
/// cannot be rebuilt (a condition or path that no longer parses, a kind this Sluice does not
/// make) is reported, not silently dropped; numbers out of range make the whole file unreadable.
struct RestoredBreakpoints {
  var list = BreakpointList()
  var unrestored: [LoadReport.UnrestoredBreakpoint] = []

  /// The breakpoints of the file at `path`.
  ///
  /// - Throws: When a number is out of range: a negative ignore count, an id below 1 or
  ///   above ``SessionFileLimits/maximumIndex``, an id used twice.
  init(_ saved: [SavedBreakpoint], from path: String) throws(DebugError) {
    var ids = Set<Int>()
    for (position, breakpoint) in saved.enumerated() {
      // Files saved before ids were written list the breakpoints in id order from 1.
      let id = breakpoint.id ?? position + 1
      guard (1...SessionFileLimits.maximumIndex).contains(id) else {
        throw DebugError(
          "\(path): breakpoint \(position + 1) in the file has id \(id); ids must be between 1 and \(SessionFileLimits.maximumIndex)")
      }
      guard ids.insert(id).inserted else { throw DebugError("\(path): two breakpoints have id \(id)") }
      guard breakpoint.ignoreCount >= 0 else {
        throw DebugError("\(path): breakpoint \(id) has a negative ignore count (\(breakpoint.ignoreCount))")
      }
      let kind: Breakpoint.Kind
      do {
        kind = try breakpoint.rebuiltKind()
      } catch {
        unrestored.append(.init(id: id, breakpoint: breakpoint.command, reason: error.message))
        continue
      }
      var restored = Breakpoint(id: id, kind: kind, isOneShot: breakpoint.isOneShot, ignoreCount: breakpoint.ignoreCount)
      restored.isEnabled = breakpoint.isEnabled
      restored.commands = breakpoint.commands ?? []
      list.restore(restored)
    }
  }
}
