import Foundation

/// The pause request of whichever session is current, reachable from any thread: what a
/// signal handler or a network thread raises when the user asks to pause, without the main
/// actor a store in a synchronous loop keeps busy. The ``Debugger`` keeps it following
/// ``Debugger/current``.
///
/// `@unchecked Sendable` is safe: `request` is read and written only while `lock` is held,
/// and `lock` is thread-safe.
package final class CurrentPauseRequest: @unchecked Sendable {
  private let lock = NSLock()
  private var request: PauseRequest?

  /// Follows no session yet.
  package init() {}

  /// Makes `request` the one ``raise()`` raises.
  package func follow(_ request: PauseRequest?) {
    lock.withLock { self.request = request }
  }

  /// Raises the current session's request, if a session is current. Safe from any thread.
  package func raise() {
    let request = lock.withLock { self.request }
    request?.raise()
  }

  /// Lowers the current session's request: whoever raised it found nothing to stop.
  package func lower() {
    let request = lock.withLock { self.request }
    request?.lower()
  }
}
