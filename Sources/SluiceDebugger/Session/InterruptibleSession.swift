/// A session that a store stuck in a loop still reaches: a loop that never leaves `send`
/// never gives the main actor back, so neither a command nor an event queued for it runs.
///
/// - ``pauseRequest``, raised from any thread, pauses the store within
///   ``PauseRequest/checkInterval`` actions.
/// - ``onFirstSeenCycle``, called synchronously from inside the loop, lets an interactive
///   owner show a cycle's warning while the loop still runs.
@MainActor
package protocol InterruptibleSession: AnyObject {
  /// Pauses the store between two actions when raised, from any thread.
  nonisolated var pauseRequest: PauseRequest { get }
  /// Called at once, on the session's actor, when the detector finds a cycle not seen
  /// before, after its warning joined the session's events: the shell takes and shows them
  /// then, instead of after a command the loop may never let end.
  var onFirstSeenCycle: (@MainActor () -> Void)? { get set }
}

