import Foundation

/// Values computed once per type and shared by every thread: type names, reflection facts.
///
/// Keyed by the type's metadata, which is never freed, so a key is never reused for another
/// type, and each generic instantiation and each class has an entry of its own.
///
/// `@unchecked Sendable` is safe here: the only stored state, `values`, is read and written
/// exclusively while `lock` is held, `lock` itself is thread-safe, and the values are
/// `Sendable`. (`Synchronization.Mutex` would need macOS 15; the package supports macOS 14.)
final class TypeKeyedCache<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  /// Unchecked for exclusivity: the lock already makes every access exclusive, and the
  /// runtime's check would cost about as much as the lookup itself (a diff looks a type up
  /// for every value it opens).
  @exclusivity(unchecked) private var values: [ObjectIdentifier: Value] = [:]

  /// The value for `type`, computed by `compute` on first use, outside the lock (two
  /// threads may both compute it; the values are equal, and one is kept).
  func value(for type: Any.Type, computedBy compute: () -> Value) -> Value {
    let key = ObjectIdentifier(type)
    if let known = lock.withLock({ values[key] }) { return known }
    let value = compute()
    lock.withLock { values[key] = value }
    return value
  }
}
