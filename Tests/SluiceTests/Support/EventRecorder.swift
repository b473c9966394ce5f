import Sluice
import Testing

/// A task-local value a monitor can launch a job's task with.
enum JobLabel {
  @TaskLocal static var current: String?
}

/// A monitor that records every event and lets a test wait, without sleeping, until the
/// events satisfy a condition.
@MainActor
final class EventRecorder<State: Sendable, Action: Sendable>: @MainActor StoreMonitor {
  private(set) var events: [StoreEvent<State, Action>] = []
  var wantsPreviousState = false
  /// Pause before actions this returns true for.
  var pauseBefore: (Action) -> Bool = { _ in false }
  /// Hold jobs this returns true for.
  var hold: (JobInfo) -> Bool = { _ in false }
  /// The task-local ``JobLabel/current`` each job's task is launched with (none by default).
  var label: (JobInfo) -> String? = { _ in nil }
  /// Called with every event after it is recorded.
  var onEvent: (StoreEvent<State, Action>) -> Void = { _ in }

  private var waiters: [Int: (condition: () -> Bool, continuation: CheckedContinuation<Void, Never>)] = [:]
  private var nextWaiterID = 0

  func store(didReport event: StoreEvent<State, Action>) {
    events.append(event)
    onEvent(event)
    for (id, waiter) in waiters where waiter.condition() {
      waiters[id] = nil
      waiter.continuation.resume()
    }
  }

  func shouldPause(before action: Action, context: ActionContext) -> Bool { pauseBefore(action) }
  func shouldHold(_ job: JobInfo) -> Bool { hold(job) }

  func store<Started>(launching job: JobInfo, _ start: () -> Started) -> Started {
    guard let label = label(job) else { return start() }
    return JobLabel.$current.withValue(label, operation: start)
  }

  /// Suspends until `condition` holds; it is checked after every event. If it does not hold
  /// within ``hangGuard`` of real time, records an issue and returns, so a broken test fails
  /// instead of hanging the suite.
  func waitUntil(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @escaping () -> Bool
  ) async {
    if condition() { return }
    let id = nextWaiterID
    nextWaiterID += 1
    let watchdog = Task { @MainActor [weak self] in
      try await Task.sleep(for: hangGuard)
      guard let waiter = self?.waiters.removeValue(forKey: id) else { return }
      Issue.record("the condition did not hold within \(hangGuard)", sourceLocation: sourceLocation)
      waiter.continuation.resume()
    }
    await withCheckedContinuation { waiters[id] = (condition, $0) }
    watchdog.cancel()
  }

  var reducedActions: [Action] {
    events.compactMap { if case .didReduce(let action, _, _, _, _) = $0 { action } else { nil } }
  }

  var reducedContexts: [ActionContext] {
    events.compactMap { if case .didReduce(_, let context, _, _, _) = $0 { context } else { nil } }
  }

  var endedJobs: [JobInfo] {
    events.compactMap { if case .jobEnded(let job) = $0 { job } else { nil } }
  }

  var startedJobs: [JobInfo] {
    events.compactMap { if case .jobStarted(let job) = $0 { job } else { nil } }
  }

  var warnings: [CycleWarning] {
    events.compactMap { if case .cycleDetected(let warning) = $0 { warning } else { nil } }
  }

  var drops: [(Action, DropReason)] {
    events.compactMap { if case .dropped(let action, let reason) = $0 { (action, reason) } else { nil } }
  }
}
