import Observation

/// Holds a feature's state, reduces actions into it one at a time, and runs the effects and
/// middleware they cause.
///
/// `send` is synchronous: it queues the action and drains the queue. Actions sent while the
/// queue drains (by `.send` effects, jobs, or re-entrant calls) wait their turn, first in,
/// first out; no action is ever reduced inside another's reduction.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), reducer: Counter())
/// store.send(.increment)
/// store.state.count  // 1
/// ```
///
/// The store is observable: views and `withObservationTracking` see `state` change. Its
/// `states` sequence and ``scope(state:action:)`` serve other observers.
///
/// A store belongs to the actor that creates it: the main actor in an app, any actor of your
/// own in a server or a command-line program (see ``init(initialState:reducer:middleware:subscriptions:clock:cycleDetection:monitor:isolation:)``).
/// It is not `Sendable`, so the compiler keeps it there; everything it does (reducing,
/// running middleware, reporting to its monitor, starting jobs and taking in what they send)
/// happens on that actor. Its jobs' bodies run off it, as they would for any actor, unless a
/// job asks for the actor (``JobPlacement/storeActor``); what they send is posted into the
/// store's mailbox without waiting, and taken in on the actor in the order it was posted.
///
/// Its properties that every queued action reads or writes are marked
/// `@exclusivity(unchecked)`: a dynamic exclusivity check on each cost more than the rest of
/// a monitored send. That is sound because the store is used only on its actor, so no two
/// accesses overlap from different threads, and none of those accesses spans a call out of
/// the store (to a reducer, a monitor or an observer) that could reach the same property:
/// each is a read, an assignment, or a mutation of a value inside the store.
public final class Store<State: Sendable, Action: Sendable> {
  /// The actor the store lives on: the one that created it. Held weakly, so that an actor
  /// which owns its store is not kept alive by it.
  public weak let isolation: (any Actor)?
  /// The clock every timed effect (debounce, throttle) and the cycle detector read.
  public let clock: any Clock<Duration>
  /// Watches everything the store does; `nil` costs nothing.
  @exclusivity(unchecked) public var monitor: (any StoreMonitor<State, Action>)? {
    didSet { refreshDispatchMode() }
  }
  /// Hears the events of every action in the monitor's place, for the debugger in this
  /// package (see ``ActionObserver``).
  ///
  /// While one is installed, a job's send waits until the store's actor has taken it in, so
  /// that a job never runs ahead of what the debugger has seen: stepping a job and moving
  /// virtual time once every job sleeps rely on that.
  @usableFromInline @exclusivity(unchecked) package var actionObserver: ActionObserver<State, Action>? {
    didSet {
      refreshDispatchMode()
      mailbox.waitsForDelivery = actionObserver != nil
    }
  }
  /// The middleware asked after every reduction, in the order given.
  public let middleware: [Middleware<State, Action>]
  /// The subscriptions started with the store (see ``restartSubscriptions()``).
  public let subscriptions: [Subscription<Action>]
  /// Each middleware's decision, in the same order: what the store calls (see
  /// `performMiddleware(for:context:from:)`); `nil` without middleware.
  @usableFromInline let middlewareChain: MiddlewareChain<State, Action>?
  /// Whether the store was made where no actor was known and took the main actor, so its
  /// first send checks that it runs on the main actor (see `confirmMainActor()`).
  @usableFromInline @exclusivity(unchecked) var confirmsMainActorAtFirstSend: Bool
  /// Whether the store has stopped draining its queue (see ``pause()``).
  @exclusivity(unchecked) public internal(set) var isPaused = false {
    didSet { refreshDispatchMode() }
  }

  @usableFromInline let storage: StateStorage<State>
  @usableFromInline let reduceAction: (inout State, Action) -> Effect<Action>
  @usableFromInline let elapsed: @Sendable () -> Duration

  @usableFromInline @exclusivity(unchecked) var queue = ActionQueue<Action>()
  /// The sequence number of an action allowed past pause checks once, after `resume`/`step`.
  @usableFromInline @exclusivity(unchecked) var admittedSequence: UInt64 = 0
  /// Not observed: every check mutates it, and the dispatch mode depends only on whether it
  /// exists, which ``cycleDetection`` changes.
  @usableFromInline @exclusivity(unchecked) var cycleDetector: CycleDetector?
  /// Names action cases for the cycle detector, without a dynamic cast per action.
  @usableFromInline let caseNameOf = caseNamer(for: Action.self)

  var jobRecords: [JobID: JobRecord<State, Action>] = [:]
  /// Where jobs post what they send; taken in on the store's actor.
  let mailbox: JobMailbox<State, Action>
  var nextJobNumber: UInt64 = 1
  let taskHandles: TaskHandles
  var cancellationScopes: [EffectID: [CancellationScope]] = [:]
  var throttleWindows: [EffectID: ThrottleWindow<Action>] = [:]
  @usableFromInline let tracker: CompletionTracker
  /// The tracker, as the store's tasks hold it: they may outlive the store.
  @usableFromInline let boundTracker: ActorBound<CompletionTracker>

  @usableFromInline let registrar = ObservationRegistrar()
  @usableFromInline let broadcaster: StateBroadcaster<State>

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state before any action.
  ///   - reducer: Reduces every action.
  ///   - middleware: Asked, in order, after each reduction what work to do.
  ///   - subscriptions: Long-lived listeners started now, each as a job of its own.
  ///   - clock: Timed effects and the cycle detector read it; pass a test clock to control
  ///     time.
  ///   - cycleDetection: Turns on the cycle detector; `nil` (the default) leaves it off.
  ///   - monitor: Receives every event; the debugger attaches here.
  ///   - isolation: The actor the store lives on; by default the caller's. An actor that
  ///     keeps a store in a property passes itself: `lazy var store = Store(…, isolation: self)`.
  ///     Where the compiler knows no actor (`nil`), as in the initial value of a stored
  ///     property, the store lives on the main actor; its first `send` must then be made on
  ///     the main actor, or the program stops with a message saying to pass `isolation:`.
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    middleware: [Middleware<State, Action>] = [],
    subscriptions: [Subscription<Action>] = [],
    clock: any Clock<Duration> = ContinuousClock(),
    cycleDetection: CycleDetection? = nil,
    monitor: (any StoreMonitor<State, Action>)? = nil,
    isolation: isolated (any Actor)? = #isolation
  ) where R.State == State, R.Action == Action {
    // `#isolation` is `nil` in a stored property's initial value, even in a `@MainActor` type.
    confirmsMainActorAtFirstSend = isolation == nil
    let isolation = isolation ?? MainActor.shared
    self.isolation = isolation
    storage = StateStorage(initialState)
    mailbox = JobMailbox(actor: isolation)
    tracker = CompletionTracker(isolation: isolation)
    boundTracker = ActorBound(tracker, on: isolation, retaining: true)
    taskHandles = TaskHandles(tracker: boundTracker)
    broadcaster = StateBroadcaster(isolation: isolation)
    reduceAction = reducer.reduce(into:action:)
    self.middleware = middleware
    self.subscriptions = subscriptions
    middlewareChain = .linking(middleware)
    self.clock = clock
    elapsed = Self.stopwatch(on: clock)
    cycleDetector = cycleDetection.map(CycleDetector.init(settings:))
    self.monitor = monitor
    broadcaster.subscribersChanged = { [weak self] in self?.refreshDispatchMode() }
    refreshDispatchMode()
    tracker.hasQueuedActions = { [weak self] root in
      guard let self else { return false }
      guard let root else { return !self.queue.isEmpty }
      return self.queue.pending.contains { $0.context.root == root }
    }
    startSubscriptions()
  }

  /// The current state.
  public var state: State {
    registrar.access(self, keyPath: \.state)
    stateWasRead = true
    return storage.state.pointee
  }

  /// Whether `state` was read since observers were last told of a change. Observation's
  /// tracking is one-shot and always goes through the getter, so when this is false nobody
  /// can be waiting for a change and the registrar is skipped.
  @inlinable var stateWasRead: Bool {
    get { storage.flags.pointee.stateWasRead }
    set { storage.flags.pointee.stateWasRead = newValue }
  }

  @inlinable var isDraining: Bool {
    get { storage.flags.pointee.isDraining }
    set { storage.flags.pointee.isDraining = newValue }
  }

  @inlinable var nextSequence: UInt64 {
    get { storage.flags.pointee.nextSequence }
    set { storage.flags.pointee.nextSequence = newValue }
  }

  /// Decides whether `send` may take its fast path: reduce at once and do nothing else.
  func refreshDispatchMode() {
    storage.flags.pointee.needsSlowPath =
      monitor != nil || actionObserver != nil || cycleDetector != nil || broadcaster.hasSubscribers || isPaused
      || confirmsMainActorAtFirstSend
    // A root action is at depth 0, so a detector without the frequency signal cannot warn
    // before it; a monitor beside the observer hears no per-action events anyway.
    storage.flags.pointee.ancestry = cycleDetector?.ring
    storage.flags.pointee.reducesObservedAtOnce =
      actionObserver != nil && !broadcaster.hasSubscribers && !isPaused
      && (cycleDetector.map { !$0.readsTime && $0.maximumDepth >= 0 } ?? true)
  }

  /// The cycle detector's settings, or `nil` when it is off.
  ///
  /// New settings keep what the detector saw (see `CycleDetector.changing(to:)`): a loop
  /// caught before the change is still named by its whole chain after it.
  public var cycleDetection: CycleDetection? {
    get { cycleDetector?.settings }
    set {
      guard newValue != cycleDetector?.settings else { return }
      cycleDetector = newValue.map { cycleDetector?.changing(to: $0) ?? CycleDetector(settings: $0) }
      refreshDispatchMode()
    }
  }

  /// Makes the cycle detector forget what it saw, keeping its settings: the reductions
  /// counted in its window and the chains it follows belong to a timeline a `reset` left.
  package func restartCycleDetector() {
    guard let settings = cycleDetector?.settings else { return }
    cycleDetector = CycleDetector(settings: settings)
    refreshDispatchMode()
  }

  /// Whether anything is queued or any job but a subscription is live: what ``idle()``
  /// waits for the end of.
  public var hasWorkInFlight: Bool {
    !queue.isEmpty || jobRecords.values.contains { $0.info.kind != .subscription }
  }

  /// Suspends until nothing is queued and no job is running; subscriptions, which listen
  /// for as long as the store lives, are not waited for.
  nonisolated(nonsending) public func idle() async {
    await boundTracker.wait(for: nil)
  }

  /// Time elapsed on `clock` since this call, as a function.
  private static func stopwatch<C: Clock<Duration>>(on clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }
}

extension Store: Observable {}
