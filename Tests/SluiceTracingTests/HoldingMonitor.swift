import Sluice

@testable import SluiceTracing

/// A monitor that holds every job, as a debugger may, and traces through a
/// ``TracingMonitor`` it forwards everything else to.
final class HoldingMonitor<State, Action>: StoreMonitor {
  private let tracing: TracingMonitor<State, Action>
  /// The jobs held, in the order they were scheduled.
  private(set) var held: [JobInfo] = []

  init(tracing: TracingMonitor<State, Action>) {
    self.tracing = tracing
  }

  func store(didReport event: StoreEvent<State, Action>) {
    tracing.store(didReport: event)
  }

  func shouldHold(_ job: JobInfo) -> Bool {
    held.append(job)
    return true
  }

  func store<Started>(launching job: JobInfo, _ start: () -> Started) -> Started {
    tracing.store(launching: job, start)
  }
}
