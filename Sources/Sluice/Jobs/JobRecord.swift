/// A store's bookkeeping for one job, from scheduling until it ends, and the way the job's
/// task reaches the store: it posts into the store's mailbox that it started, what it sends
/// and how it ended.
///
/// One object per job, which the task's closures capture alone, so that starting a job
/// allocates this record and the task and nothing else. The record holds the store weakly,
/// so that releasing the store cancels the job, and holds what must still hear of the job's
/// end when the store has gone.
///
/// Unchecked `Sendable`, because the compiler cannot see the one rule that makes it safe:
/// everything but `body`, `handler`, `placement` and `mailbox` (constants of `Sendable`
/// types) is touched on the store's actor alone. The store, not `Sendable`, never leaves that
/// actor; the task reaches the record's other members only through ``deliver(_:)``, which
/// the mailbox calls on the store's actor.
final class JobRecord<State: Sendable, Action: Sendable>: @unchecked Sendable {
  typealias Body = nonisolated(nonsending) @Sendable (Send<Action>) async throws -> Void
  typealias ErrorHandler = nonisolated(nonsending) @Sendable (any Error, Send<Action>) async -> Void

  let body: Body
  let handler: ErrorHandler?
  let placement: JobPlacement
  private let mailbox: JobMailbox<State, Action>

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
    placement: JobPlacement, onEnd: ((JobStatus) -> Void)?, store: Store<State, Action>
  ) {
    self.info = info
    self.scopes = scopes
    self.body = body
    self.handler = handler
    self.placement = placement
    self.onEnd = onEnd
    self.mailbox = store.mailbox
    self.store = store
    self.monitor = store.monitor
    self.tracker = store.tracker
  }

  // MARK: The job's task

  /// Starts the job's task: it posts that the job started, runs the body and posts how it
  /// ended. Off the store's actor by default; on it, started at once, when the job asked.
  func start(isMainActor: Bool) -> Task<Void, Never> {
    guard placement == .storeActor else {
      return Task { await self.run() }
    }
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      // Runs at once, inside the store's work, until the body first suspends.
      if isMainActor { return Task.immediate { @MainActor in await self.run() } }
      return Task.immediate { await self.run() }
    }
    if isMainActor { return Task { @MainActor in await self.run() } }
    return Task { await self.run() }
  }

  /// Runs the job where its task runs: the body, and every post, inherit that isolation.
  nonisolated(nonsending) private func run() async {
    // On an actor other than the main one, the job waits until the store has heard that it
    // started, as its task would once have hopped there: a drain still on its way would hold
    // that actor, and with it the store, after the body had gone to sleep.
    await mailbox.post(.started, from: self, caller: #isolation, waiting: !mailbox.isMainActor)
    let status = await runBody()
    await mailbox.post(.ended(status), from: self, caller: #isolation)
  }

  /// Runs the body and says how it ended.
  nonisolated(nonsending) private func runBody() async -> JobStatus {
    if Task.isCancelled { return .cancelled }
    let send = Send<Action>(fromJob: { action, caller in
      await self.mailbox.post(.sent(action), from: self, caller: caller)
    })
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

  // MARK: Letters, taken in on the store's actor

  /// Tells the store what the job posted; the mailbox calls this on the store's actor.
  func deliver(_ letter: JobLetter<Action>) {
    switch letter {
    case .started:
      store?.markStarted(info.id)
    case .sent(let action):
      if let store {
        store.receive(action, from: info.id)
      } else {
        monitor?.store(didReport: .dropped(action, .storeReleased))
      }
    case .ended(let status):
      ended(status)
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
