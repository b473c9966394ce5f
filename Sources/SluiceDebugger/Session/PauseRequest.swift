import Foundation

/// A request, from any thread, that a session pause its store before its next action: how
/// Ctrl-C (a signal's thread), an attached client's `pause` (a network thread) or a page
/// reaches a store stuck in a synchronous loop, which never gives its actor back to hear a
/// request sent the ordinary way.
///
/// ``raise()`` may be called from anywhere. The session asks ``takeIfRaised()`` between two
/// actions, on its own actor, only every ``checkInterval`` actions: the store then pauses
/// within that many actions of the request, and an action pays a remainder of the recorder's count, not a
/// lock, which the session's per-action path (benchmarked) could not afford.
/// (`Synchronization.Atomic` would make every check cheap, but needs macOS 15; the package
/// supports macOS 14.)
///
/// `@unchecked Sendable` is safe: `isRaised` is read and written only while `lock` is held,
/// and `lock` is thread-safe.
@usableFromInline
package final class PauseRequest: @unchecked Sendable {
  /// How many actions the session reduces between two looks at the request: the most a
  /// store in a loop reduces after the request is raised.
  @usableFromInline package static let checkInterval = 64

  private let lock = NSLock()
  private var isRaised = false

  /// A request not raised.
  package init() {}

  /// Asks the session to pause before a coming action. Safe from any thread, and cheap:
  /// one lock, no allocation.
  package func raise() {
    lock.withLock { isRaised = true }
  }

  /// Withdraws the request: the store paused another way, or whoever raised it found the
  /// store idle and had nothing to stop.
  package func lower() {
    lock.withLock { isRaised = false }
  }

  /// Whether the request is raised, lowering it: the session that sees it pauses once.
  @usableFromInline package func takeIfRaised() -> Bool {
    lock.withLock {
      defer { isRaised = false }
      return isRaised
    }
  }

  /// Whether the request is raised, leaving it so.
  package var isPending: Bool {
    lock.withLock { isRaised }
  }
}
