import Sluice

/// The monitor a ``TestStore`` attaches to its store: it records the state after every
/// reduction and wakes the test when something arrives.
@MainActor
final class TestStoreRecorder<State: Sendable, Action: Sendable>: @MainActor StoreMonitor {
  /// An action reduced by the store, with the state right after it.
  struct Reduction {
    let action: Action
    let context: ActionContext
    let state: State
  }

  /// States after externally sent actions, by sequence number, until `send` collects them.
  var sentResults: [UInt64: Reduction] = [:]
  /// Actions sent by effects and middleware, reduced and not yet asserted.
  var received: [Reduction] = []
  /// Every cycle warning, in order.
  var cycleWarnings: [CycleWarning] = []
  /// Every dropped action, with the reason.
  var dropped: [(action: Action, reason: DropReason)] = []
  /// Every job that ended by throwing, in order.
  var failedJobs: [JobInfo] = []

  /// Given every event first, when set: what session files record.
  var observer: (@MainActor (StoreEvent<State, Action>) -> Void)?

  private var waiters: [Waiter] = []

  func store(didReport event: StoreEvent<State, Action>) {
    observer?(event)
    switch event {
    case .didReduce(let action, let context, _, let newState, _):
      let reduction = Reduction(action: action, context: context, state: newState)
      // The test's own sends (a tool's), and any the test's code made on the store.
      if context.origin == .tool || context.origin == .external {
        sentResults[context.sequence] = reduction
      } else {
        received.append(reduction)
      }
    case .cycleDetected(let warning):
      cycleWarnings.append(warning)
    case .dropped(let action, let reason):
      dropped.append((action, reason))
    case .jobEnded(let job):
      if case .failed = job.status { failedJobs.append(job) }
    default:
      break
    }
    wakeWaiters()
  }

  /// Suspends until `condition` holds or `timeout` of real time passes.
  ///
  /// - Returns: Whether the condition holds.
  func wait(until condition: @escaping @MainActor () -> Bool, timeout: Duration) async -> Bool {
    if condition() { return true }
    let waiter = Waiter(condition: condition)
    waiters.append(waiter)
    let watchdog = Task { @MainActor [weak self] in
      try? await Task.sleep(for: timeout)
      waiter.resume()
      self?.waiters.removeAll { $0 === waiter }
    }
    await withCheckedContinuation { continuation in
      waiter.continuation = continuation
      if waiter.isDone || condition() { waiter.resume() }
    }
    watchdog.cancel()
    waiters.removeAll { $0 === waiter }
    return condition()
  }

  /// Re-checks waiting conditions; also called by the test store when jobs end.
  func wakeWaiters() {
    for waiter in waiters where waiter.condition() {
      waiter.resume()
    }
  }

  @MainActor
  private final class Waiter {
    let condition: @MainActor () -> Bool
    var continuation: CheckedContinuation<Void, Never>?
    var isDone = false

    init(condition: @escaping @MainActor () -> Bool) {
      self.condition = condition
    }

    func resume() {
      isDone = true
      continuation?.resume()
      continuation = nil
    }
  }
}
