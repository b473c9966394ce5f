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
  /// Sets or, with `nil`, removes the condition of an action breakpoint; returns it changed.
  func setCondition(_ condition: StateCondition?, for id: Int) throws(DebugError) -> Breakpoint
  /// Sets the command lines a breakpoint runs when it stops; none removes them.
  func setCommands(_ lines: [String], for id: Int) throws(DebugError)
  /// The id of the breakpoint made last (`$bpnum`), if any was made.
  var lastBreakpointID: Int? { get }
  /// The command lists of the breakpoints that stopped since the last call, oldest first:
  /// the shell and the script runner run them.
  func takeStopCommands() -> [StopCommands]
}
