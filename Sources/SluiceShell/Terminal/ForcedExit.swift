import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ends the process from a signal's thread when the shell does not leave by itself after
/// `SIGTERM` or `SIGHUP`: the shell leaves on the main actor, which a reducer that never
/// returns keeps for good (a loop of actions is paused by the pause request; one endless
/// reduction is not).
///
/// The terminal's settings are saved when this is made, before the line editor changes
/// them, and put back before the process ends. The ``grace`` decides no result: the
/// process ends either way, with the shell's own status when it leaves in time (it saves
/// its history then), else with `128 + signal`, as if the signal had ended it.
package struct ForcedExit: Sendable {
  /// How long the shell has to leave by itself: long enough for a paused loop's command to
  /// return and its output to be written, short enough for a process manager's patience.
  package static let grace: DispatchTimeInterval = .seconds(3)

  private let descriptor: Int32
  private let settings: termios?

  /// Saves the settings of the terminal on `descriptor`, if it is one.
  package init(savingTerminalOn descriptor: Int32) {
    self.descriptor = descriptor
    var saved = termios()
    settings = tcgetattr(descriptor, &saved) == 0 ? saved : nil
  }

  /// Ends the process with `status` after ``grace``, unless it has ended by then. Safe from
  /// any thread.
  package func schedule(status: Int32) {
    let (descriptor, settings) = (descriptor, settings)
    // A queue of its own, which always gets a thread (see `SignalWatcher`).
    DispatchQueue(label: "sluice.forced-exit").asyncAfter(deadline: .now() + Self.grace) {
      if var settings { _ = tcsetattr(descriptor, TCSANOW, &settings) }
      _exit(status)
    }
  }
}
