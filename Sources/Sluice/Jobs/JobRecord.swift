/// A store's bookkeeping for one job, from scheduling until it ends, and the way the job's
/// task reaches the store: to say it started, to send, and to say how it ended.
///
/// One object per job, which the task's closures capture alone, so that starting a job
/// allocates this record and the task and nothing else. The record holds the store weakly,
/// so that releasing the store cancels the job, and holds what must still hear of the job's
/// end when the store has gone.
///
/// Unchecked `Sendable`, because the compiler cannot see the one rule that makes it safe:
/// everything but `body`, `handler` and `actor` (constants of `Sendable` types) is touched on
/// the store's actor alone. The store, not `Sendable`, never leaves that actor; the task
/// reaches the record's other members only through `onStoreActor`, whose body runs isolated
/// to `actor`, or, for a store on the main actor, from a task isolated to the main actor.
final class JobRecord<State: Sendable, Action: Sendable>: @unchecked Sendable {
  typealias Body = @Sendable (Send<Action>) async throws -> Void
  typealias ErrorHandler = @Sendable (any Error, Send<Action>) async -> Void

  let body: Body
  let handler: ErrorHandler?
  /// The store's actor, held weakly, as the store holds it.
  private weak let actor: (any Actor)?

  var info: JobInfo
  let scopes: [CancellationScope]
  /// Continues whatever waits for this job: the next part of a concatenation, a merge's
  /// countdown, a debounce's delayed effect.
  let onEnd: ((JobStatus) -> Void)?
  var isCancelled = false
  var isHeld = false
  private weak var store: Store<State, Action>?
  private let monitor: (any StoreMonitor<State, Action>)?
  private let tracker: CompletionTracker

  init(
    info: JobInfo, scopes: [CancellationScope], body: @escaping Body, handler: ErrorHandler?,
    onEnd: ((JobStatus) -> Void)?, store: Store<State, Action>
  ) {
    self.info = info
    self.scopes = scopes
    self.body = body
    self.handler = handler
    self.onEnd = onEnd
    self.actor = store.isolation
    self.store = store
    self.monitor = store.monitor
    self.tracker = store.tracker
  }

  // MARK: The job's task

  /// Starts the job's task: it says the job started, runs the body and says how it ended.
  func start() -> Task<Void, Never> {
    if let actor, actor === MainActor.shared {
      // The main actor outlives everything, so a task isolated to it may hold it: the task
      // starts there at once and says it started and ended without a hop to get there.
      Task { @MainActor in await self.runFromMainActor() }
    } else {
      // Any other actor: a task that hops to it and back, because a task isolated to it
      // would keep it, and so its store, alive for as long as the job runs.
      Task { await self.run() }
    }
  }

  @MainActor
  private func runFromMainActor() async {
    started()
    ended(await runBody())
  }

  private func run() async {
    await onStoreActor { $0.started() }
    let status = await runBody()
    await onStoreActor { $0.ended(status) }
  }

  /// Runs the body, off the store's actor, and says how it ended.
  private func runBody() async -> JobStatus {
    if Task.isCancelled { return .cancelled }
    let send = Send<Action>(delivering: { action in await self.onStoreActor { $0.receive(action) } })
    do {
      try await body(send)
      return .finished
    } catch {
      if Task.isCancelled || error is CancellationError { return .cancelled }
      guard let handler else { return .failed(String(describing: error)) }
      await handler(error, send)
      return .finished
    }
  }

  /// Runs `report` with this record on the store's actor; nothing if that actor has gone.
  private func onStoreActor(_ report: @Sendable (JobRecord) -> Void) async {
    guard let actor else { return }
    await call(report, with: self, on: actor)
  }

  // MARK: Reports, on the store's actor

  private func started() {
    store?.markStarted(info.id)
  }

  private func receive(_ action: Action) {
    if let store {
      store.receive(action, from: info.id)
    } else {
      monitor?.store(didReport: .dropped(action, .storeReleased))
    }
  }

  private func ended(_ status: JobStatus) {
    if let store {
      store.end(info.id, status: status)
    } else {
      // The store is gone and cancelled this job; its monitor and tracker still hear.
      info.status = .cancelled
      monitor?.store(didReport: .jobEnded(info))
      if info.kind != .subscription { tracker.jobEnded(root: info.parent.root) }
    }
  }
}
