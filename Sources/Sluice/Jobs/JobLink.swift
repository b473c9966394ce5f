/// What a running job holds of its store, on the store's actor: the store weakly, so that
/// releasing the store cancels the job, and what must still hear of the job's end when the
/// store has gone.
final class JobLink<State: Sendable, Action: Sendable> {
  private weak var store: Store<State, Action>?
  private let record: JobRecord<Action>
  private let monitor: (any StoreMonitor<State, Action>)?
  private let tracker: CompletionTracker

  init(
    store: Store<State, Action>, record: JobRecord<Action>,
    monitor: (any StoreMonitor<State, Action>)?, tracker: CompletionTracker
  ) {
    self.store = store
    self.record = record
    self.monitor = monitor
    self.tracker = tracker
  }

  func started() {
    store?.markStarted(record.info.id)
  }

  func receive(_ action: Action) {
    if let store {
      store.receive(action, from: record.info.id)
    } else {
      monitor?.store(didReport: .dropped(action, .storeReleased))
    }
  }

  func ended(_ status: JobStatus) {
    if let store {
      store.end(record.info.id, status: status)
    } else {
      // The store is gone and cancelled this job; its monitor and tracker still hear.
      record.info.status = .cancelled
      monitor?.store(didReport: .jobEnded(record.info))
      if record.info.kind != .subscription { tracker.jobEnded(root: record.info.parent.root) }
    }
  }
}
