import Sluice

/// The breakpoints and watchpoints of a debugged feature.
@MainActor
public protocol SessionBreakpoints: AnyObject {
  /// Every breakpoint, watchpoint and job or cycle breakpoint.
  var breakpoints: [Breakpoint] { get }
  /// Adds a breakpoint.
  func addBreakpoint(_ kind: Breakpoint.Kind, isOneShot: Bool, ignoreCount: Int) throws(DebugError) -> Breakpoint
  /// Deletes a breakpoint.
  func deleteBreakpoint(_ id: Int) throws(DebugError)
  /// Enables or disables a breakpoint.
  func setBreakpoint(_ id: Int, enabled: Bool) throws(DebugError)
  /// Lets the next `count` matches of a breakpoint pass.
  func setIgnoreCount(_ count: Int, for id: Int) throws(DebugError)
}
