/// Knows which causal chains still have work in flight, and wakes whoever awaits one of
/// them (``StoreTask/finish()``) or the whole store (``Store/idle()``).
///
/// Kept outside the store so a `StoreTask` can outlive it: when the store goes away, its
/// cancelled jobs still check out here and every waiter wakes. It lives on the store's actor.
@usableFromInline
final class CompletionTracker {
  private struct Waiter {
    /// The chain waited for, or `nil` for the whole store.
    let root: UInt64?
    /// Unsafe rather than checked, which would allocate a canary on every wait: each one is
    /// resumed exactly once, at once or when `resumeWaiter` removes it from `waiters`.
    let continuation: UnsafeContinuation<Void, Never>
  }

  /// Live jobs per root action.
  private var activeJobs: [UInt64: Int] = [:]
  /// Whether the store's queue holds an action of a chain (or, with `nil`, any action).
  /// Asked only when someone waits, so queueing costs nothing here.
  var hasQueuedActions: (_ root: UInt64?) -> Bool = { _ in false }
  /// Unchecked for exclusivity, as the store's own properties are: read on every action, on
  /// the store's actor, and resuming a waiter only schedules it, so no access overlaps another.
  @exclusivity(unchecked) private var waiters: [Int: Waiter] = [:] {
    didSet { hasWaiters = !waiters.isEmpty }
  }
  /// Whether anyone waits: what every drain asks, answered inline without a call.
  @usableFromInline @exclusivity(unchecked) private(set) var hasWaiters = false
  private var nextWaiterID = 0
  private(set) var isClosed = false
  /// The store's actor, where a cancelled waiter is woken.
  private weak let isolation: (any Actor)?

  /// The tracker, for a cancelled waiter's handler, which runs anywhere: made once, not on
  /// every wait.
  private lazy var bound = ActorBound(self, on: isolation)

  init(isolation: any Actor) {
    self.isolation = isolation
  }

  func jobBegan(root: UInt64) { activeJobs[root, default: 0] += 1 }

  func jobEnded(root: UInt64) {
    decrement(&activeJobs, root)
    settle()
  }

  /// Whether anything caused by `root` is queued or running.
  func isActive(root: UInt64) -> Bool {
    !isClosed && (activeJobs[root] != nil || hasQueuedActions(root))
  }

  /// Whether nothing is queued or running.
  var isIdle: Bool { isClosed || (activeJobs.isEmpty && !hasQueuedActions(nil)) }

  /// The store went away: nothing more will happen, so every waiter wakes.
  func close() {
    isClosed = true
    settle()
  }

  /// Suspends until `root`'s chain (or, with `nil`, the whole store) has nothing left.
  ///
  /// Takes the store's actor as an `isolated` parameter, so that it runs there wherever
  /// ``StoreTask/finish()`` is awaited, and so do the closures below, which capture it.
  func wait(for root: UInt64?, on actor: isolated (any Actor)?) async {
    if isSettled(root) { return }
    let id = nextWaiterID
    nextWaiterID += 1
    await withTaskCancellationHandler {
      _ = actor  // captured: a closure that captures an isolated parameter is isolated to it
      return await withUnsafeContinuation { continuation in
        if isSettled(root) || Task.isCancelled {
          continuation.resume()
        } else {
          waiters[id] = Waiter(root: root, continuation: continuation)
        }
      }
    } onCancel: { [bound] in
      Task { await bound.withValue { $0.resumeWaiter(id) } }
    }
  }

  /// Wakes the waiters whose chain is done; the store calls this when work ends.
  @inlinable func settle() {
    if hasWaiters { wakeSettledWaiters() }
  }

  @usableFromInline func wakeSettledWaiters() {
    // One at a time, never removing while iterating: a loop over `waiters` would hold a
    // second reference to its storage, and the first removal would copy the dictionary.
    while let id = waiters.first(where: { isSettled($0.value.root) })?.key {
      resumeWaiter(id)
    }
  }

  private func isSettled(_ root: UInt64?) -> Bool {
    if let root { !isActive(root: root) } else { isIdle }
  }

  private func resumeWaiter(_ id: Int) {
    waiters.removeValue(forKey: id)?.continuation.resume()
  }

  private func decrement(_ counts: inout [UInt64: Int], _ root: UInt64) {
    guard let count = counts[root] else { return }
    counts[root] = count > 1 ? count - 1 : nil
  }
}

extension ActorBound<CompletionTracker> {
  /// Suspends, on the store's actor, until `root`'s chain (or, with `nil`, the whole store)
  /// has nothing left; returns at once if that actor has gone.
  nonisolated(nonsending) func wait(for root: UInt64?) async {
    await Self.wait(for: root, in: self, on: actor)
  }

  private static func wait(
    for root: UInt64?, in tracker: ActorBound, on actor: isolated (any Actor)?
  ) async {
    await tracker.value?.wait(for: root, on: actor)
  }
}
