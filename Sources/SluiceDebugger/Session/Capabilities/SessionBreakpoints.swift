import Sluice

/// The breakpoints and watchpoints of a debugged feature.
@MainActor
public protocol SessionBreakpoints: AnyObject {
  /// Every breakpoint, watchpoint and job or cycle breakpoint.
  var breakpoints: [Breakpoint] { get }
  /// Adds a breakpoint; refuses one that could never stop (a case the action does not have,
  /// a path no state of this type can have), with the nearest name.
  func addBreakpoint(_ kind: Breakpoint.Kind, isOneShot: Bool, ignoreCount: Int) throws(DebugError) -> Breakpoint
  /// What to say beside a breakpoint just made: a glob that matches no case today, a watched
  /// path or a condition's path that does not exist yet.
  func notes(on breakpoint: Breakpoint) -> [String]
  /// Deletes a breakpoint.
  func deleteBreakpoint(_ id: Int) throws(DebugError)
  /// Enables or disables a breakpoint.
  func setBreakpoint(_ id: Int, enabled: Bool) throws(DebugError)
  /// Lets the next `count` matches of a breakpoint pass.
  func setIgnoreCount(_ count: Int, for id: Int) throws(DebugError)
}
