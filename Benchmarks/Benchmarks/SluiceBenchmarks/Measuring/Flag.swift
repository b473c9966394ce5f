import Synchronization

/// A flag that is set once; the first `testAndSet()` returns false, every later one true.
final class Flag: Sendable {
  private let isSet = Atomic(false)

  func testAndSet() -> Bool {
    isSet.exchange(true, ordering: .relaxed)
  }
}
