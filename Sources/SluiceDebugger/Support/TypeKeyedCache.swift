import Foundation

/// Values computed once per type and shared by every thread: type names, reflection facts.
///
/// Keyed by the type's metadata, which is never freed, so a key is never reused for another
/// type, and each generic instantiation and each class has an entry of its own.
///
/// `@unchecked Sendable` is safe here: the only mutable state, the dictionary `values` points
/// to, is read and written exclusively while `lock` is held, `lock` itself is thread-safe, the
/// pointer is set once in `init` and freed only in `deinit`, and the values are `Sendable`.
/// (`Synchronization.Mutex` would need macOS 15; the package supports macOS 14.)
final class TypeKeyedCache<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  /// A pointer rather than a stored `var`: the lock already makes every access exclusive, and
  /// a stored property would add the runtime's exclusivity check, which costs about as much
  /// as the lookup itself (a diff looks a type up per value it opens).
  private let values: UnsafeMutablePointer<[ObjectIdentifier: Value]>

  init() {
    values = .allocate(capacity: 1)
    values.initialize(to: [:])
  }

  deinit {
    values.deinitialize(count: 1)
    values.deallocate()
  }

  /// The value for `type`, computed by `compute` on first use, outside the lock (two
  /// threads may both compute it; the values are equal, and one is kept).
  func value(for type: Any.Type, computedBy compute: () -> Value) -> Value {
    let key = ObjectIdentifier(type)
    if let known = lock.withLock({ values.pointee[key] }) { return known }
    let value = compute()
    lock.withLock { values.pointee[key] = value }
    return value
  }
}
