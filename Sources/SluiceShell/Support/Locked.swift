import Foundation

/// A value guarded by a lock, for state shared between the main actor and the editor's
/// thread. (`Synchronization.Mutex` would need macOS 15; the package supports macOS 14.)
///
/// `@unchecked Sendable` is safe: `value` is only reachable inside `withLock`, while `lock`
/// is held, and `Value` is `Sendable`, so what `body` returns may cross threads.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
