import Observation

extension Store {
  /// Queues `action` and reduces everything queued, in order, before returning (unless the
  /// store is paused or already draining, in which case the action waits its turn).
  ///
  /// - Returns: A handle whose ``StoreTask/finish()`` awaits everything this action causes.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    // The fast path: nothing but the reducer and middleware is configured and nothing is in
    // flight, so the action is reduced at once. Inlined into the caller, it is specialised
    // for its types, and a middleware that ignores the action costs one call.
    let flags = storage.flags
    guard !flags.pointee.needsSlowPath, !flags.pointee.isDraining, !flags.pointee.stateWasRead else {
      return sendThroughQueue(action)
    }
    let sequence = flags.pointee.nextSequence
    flags.pointee.nextSequence = sequence &+ 1
    flags.pointee.isDraining = true
    let effect = reduceAction(&storage.state.pointee, action)
    // A send from inside the reduction (a delegate calling back) took a sequence number and
    // waits in the queue: it is reduced before this send returns.
    guard effect.isNone, middlewareChain == nil, flags.pointee.nextSequence == sequence &+ 1 else {
      return afterFastReduction(of: action, sequence: sequence, effect: effect)
    }
    flags.pointee.isDraining = false
    return StoreTask(root: sequence, tracker: nil)
  }

  /// Sends `action` for a tool that drives the store from outside its program — a
  /// debugger's shell, script or request; a test store — rather than for the program's own
  /// code: reduced as ``send(_:)-(Action)`` reduces it, with the origin ``ActionOrigin/tool``, which the
  /// cycle detector's frequency signal never counts (what a person or a script repeats is no
  /// loop). What the action causes is counted as ever.
  ///
  /// - Returns: A handle whose ``StoreTask/finish()`` awaits everything this action causes.
  @inlinable
  @discardableResult
  public func sendFromTool(_ action: Action) -> StoreTask {
    // Never the fast path of `send`, which makes a context only when it needs one, and then
    // the program's: the origin must reach the detector, the monitor and the observer.
    sendThroughQueue(action, origin: .tool)
  }

  /// Asks the middleware about an action the fast path reduced and performs any work, the
  /// reducer's effect first. Kept out of `send` so that `send` stays small enough to inline
  /// into a caller's loop; inlinable so that it is specialised there all the same.
  @inlinable
  @inline(never)
  func afterFastReduction(of action: Action, sequence: UInt64, effect: Effect<Action>) -> StoreTask {
    let flags = storage.flags
    if middlewareChain == nil {
      return afterFastReduction(sendingFrom: sequence, effect)
    }
    // Every middleware sees the same state, the reducer's.
    if let (index, work) = middlewareChain?.firstWork(from: 0, for: action, in: storage.state.pointee) {
      flags.pointee.isDraining = false
      return finishFastSend(
        context: .external(sequence), effect: effect,
        middlewareWork: (action, index, middleware[index].markedAsOwn(work)))
    }
    flags.pointee.isDraining = false
    guard effect.isNone, flags.pointee.nextSequence == sequence &+ 1 else {
      return finishFastSend(context: .external(sequence), effect: effect, middlewareWork: nil)
    }
    return StoreTask(root: sequence, tracker: nil)
  }

  /// Follows a chain of `.send` effects the fast path met, with no middleware configured.
  /// Nothing else is queued, so each follow-up is the action the queue would reduce next:
  /// it is reduced here, in code specialised for the store's types, with the sequence
  /// number, parent, root and depth the queue would have given it. The chain ends at an
  /// effect that is not a plain `.send`, which is performed as `finishFastSend` performs
  /// any other; or at a re-entrant send, after which the queue takes over.
  @inlinable
  @inline(never)
  func afterFastReduction(sendingFrom root: UInt64, _ first: Effect<Action>) -> StoreTask {
    let flags = storage.flags
    var effect = first
    var context = ActionContext.external(root)
    while case .send(let next) = effect.operation, flags.pointee.nextSequence == context.sequence &+ 1 {
      context = ActionContext(
        sequence: context.sequence &+ 1, parent: context.sequence, root: root, depth: context.depth + 1,
        origin: .effect)
      flags.pointee.nextSequence = context.sequence &+ 1
      effect = reduceAction(&storage.state.pointee, next)
    }
    flags.pointee.isDraining = false
    guard effect.isNone, flags.pointee.nextSequence == context.sequence &+ 1 else {
      return finishFastSend(context: context, effect: effect, middlewareWork: nil)
    }
    return StoreTask(root: root, tracker: nil)
  }

  /// Sends through the queue, with every check: the path for anything beyond a plain
  /// reduction. Inlinable, with everything it calls per action, so that where the store's
  /// types are known (a program's own `send`, the debugger's session for a feature) it runs
  /// specialised: unspecialised, the generic metadata lookups alone cost more than the rest.
  @inlinable
  func sendThroughQueue(_ action: Action, origin: ActionOrigin = .external) -> StoreTask {
    if confirmsMainActorAtFirstSend { confirmMainActor() }
    let flags = storage.flags.pointee
    if flags.reducesObservedAtOnce, !flags.isDraining, !flags.stateWasRead, queue.isEmpty,
      let actionObserver, !actionObserver.asksBeforeEachAction
    {
      return sendObserved(action, to: actionObserver, origin: origin)
    }
    let sequence = nextSequence
    enqueue(action, context: .external(sequence, origin: origin))
    return StoreTask(root: sequence, tracker: boundTracker)
  }

  /// Performs the work of an action reduced by the fast path, as ``reduce(_:)`` would have:
  /// the reducer's effect, then the work of the middleware from the first one that had any,
  /// then whatever that queued. `context` is the action's (the last of a `.send` chain's).
  @usableFromInline
  func finishFastSend(
    context: ActionContext, effect: Effect<Action>,
    middlewareWork: (action: Action, index: Int, work: Effect<Action>)?
  ) -> StoreTask {
    isDraining = true
    if !effect.isNone {
      perform(effect, context: context, scopes: [], onEnd: nil)
    }
    if let (action, index, work) = middlewareWork {
      perform(work, context: context, scopes: [], onEnd: nil)
      performMiddleware(for: action, context: context, from: index + 1)
    }
    isDraining = false
    drain()
    tracker.settle()
    return StoreTask(root: context.root, tracker: boundTracker)
  }

  /// Queues an action caused by `parent`, and drains.
  func enqueue(_ action: Action, causedBy parent: ActionContext, origin: ActionOrigin) {
    enqueue(
      action,
      context: ActionContext(
        sequence: nextSequence, parent: parent.sequence, root: parent.root,
        depth: parent.depth + 1, origin: origin))
  }

  /// Queues an action a subscription sent: news from outside, so a chain of its own at depth
  /// 0, as if sent from outside the store, that names the subscription's job as its origin.
  func enqueue(_ action: Action, fromSubscription job: JobID) {
    let sequence = nextSequence
    enqueue(action, context: ActionContext(sequence: sequence, parent: nil, root: sequence, depth: 0, origin: .job(job)))
  }

  @inlinable
  func enqueue(_ action: Action, context: ActionContext) {
    nextSequence += 1
    let entry = ActionQueue<Action>.Entry(action: action, context: context)
    guard queue.isEmpty, !isDraining, !isPaused else {
      queue.append(entry)
      reportQueued(action, context: context)
      drain()
      return
    }
    // Nothing waits ahead of it: it is reduced without a trip through the queue.
    whileDraining {
      // The monitor hears of every action as queued, while draining, so that anything it
      // sends now queues behind it; the action observer only of one that stays queued.
      if actionObserver == nil { monitor?.store(didQueue: action, context: context) }
      switch admit(entry) {
      case .reduce: reduce(entry)
      case .hold:
        queue.append(entry)
        actionObserver?.queued(action, context)
      case .drop: break
      }
      reduceQueued()
    }
  }

  /// Reduces queued actions until the queue is empty or the store pauses.
  @inlinable
  func drain() {
    guard !isPaused, !queue.isEmpty else { return }
    whileDraining { reduceQueued() }
  }

  @inlinable
  func reduceQueued() {
    while !isPaused, let entry = queue.first {
      switch admit(entry) {
      case .reduce: reduce(queue.removeFirst())
      case .hold: return
      case .drop: _ = queue.removeFirst()
      }
    }
  }

  /// Reduces the action at the head of the queue even though the store is paused.
  ///
  /// The action first passes the same checks as when the store drains its queue: if the cycle detector or the
  /// monitor stops it, or the detector drops it, nothing is reduced and this returns `nil`;
  /// stepping again then reduces it (or the next one, if it was dropped).
  ///
  /// - Returns: The context of the action reduced, or `nil`.
  @discardableResult
  public func step() -> ActionContext? {
    guard let entry = queue.first else { return nil }
    var reduced: ActionContext?
    whileDraining {
      switch admit(entry) {
      case .reduce:
        reduce(queue.removeFirst())
        reduced = entry.context
      case .hold:
        break
      case .drop:
        _ = queue.removeFirst()
      }
    }
    return reduced
  }

  /// Runs `body` as the one drain in progress, telling observers of a change once around it.
  @inlinable
  func whileDraining(_ body: () -> Void) {
    guard !isDraining else { return }
    isDraining = true
    let notifiesObservers = stateWasRead
    if notifiesObservers {
      stateWasRead = false
      registrar.willSet(self, keyPath: \.state)
    }
    body()
    if notifiesObservers {
      registrar.didSet(self, keyPath: \.state)
    }
    isDraining = false
    tracker.settle()
  }

  /// What happens to an action about to be reduced.
  @usableFromInline
  enum Admission {
    /// Reduce it now.
    case reduce
    /// Keep it at the head of the queue: the store has paused before it.
    case hold
    /// Drop it: the cycle detector broke its chain.
    case drop
  }

  /// Decides whether the next action may be reduced now: the cycle detector and the monitor
  /// may pause the store, and the detector may drop the action.
  @inlinable
  func admit(_ entry: ActionQueue<Action>.Entry) -> Admission {
    if entry.context.sequence == admittedSequence { return .reduce }
    if let warning = checkForCycle(entry) {
      if let monitor {
        monitor.store(didReport: .cycleDetected(warning))
      } else {
        // A warning nobody hears is no warning.
        reportToStandardError("sluice: \(warning)")
      }
      switch warning.policy {
      case .warn:
        break
      case .pause:
        pause(admitting: entry)
        return .hold
      case .break:
        monitor?.store(didReport: .dropped(entry.action, .cycleBroken(warning)))
        return .drop
      }
    }
    if asksToPause(before: entry) {
      pause(admitting: entry)
      return .hold
    }
    return .reduce
  }

  /// Whether the action observer, or else the monitor, asks to pause before `entry`.
  @inlinable
  func asksToPause(before entry: ActionQueue<Action>.Entry) -> Bool {
    if let actionObserver {
      return actionObserver.asksBeforeEachAction && actionObserver.shouldPause(entry.action, entry.context)
    }
    return monitor?.shouldPause(before: entry.action, context: entry.context) ?? false
  }

  @inlinable
  func checkForCycle(_ entry: ActionQueue<Action>.Entry) -> CycleWarning? {
    guard let cycleDetector else { return nil }
    let name = caseName(of: entry.action)
    guard cycleDetector.remember(caseName: name, context: entry.context) else { return nil }
    let now = cycleDetector.readsTime ? elapsed() : .zero
    return cycleDetector.checkSignals(caseName: name, context: entry.context, now: now)
  }

  /// The case name of `action`. Specialised for an action type that names its own cases,
  /// the cast is resolved at compile time and this is a direct call; otherwise it is the
  /// store's namer, which decided once how to name them.
  @inlinable
  func caseName(of action: Action) -> String {
    if let named = action as? any CaseNameProviding { return named.caseName }
    return caseNameOf(action)
  }

  /// Tells the action observer, or else the monitor, that an action was queued.
  @inlinable
  func reportQueued(_ action: Action, context: ActionContext) {
    if let actionObserver {
      actionObserver.queued(action, context)
    } else {
      monitor?.store(didQueue: action, context: context)
    }
  }

  /// Reduces one action, then schedules its effect and middleware.
  @inlinable
  func reduce(_ entry: ActionQueue<Action>.Entry) {
    let effect: Effect<Action>
    if let actionObserver {
      let oldState = actionObserver.wantsPreviousState ? storage.state.pointee : nil
      let start = ClockReading.now
      effect = reduceAction(&storage.state.pointee, entry.action)
      let end = ClockReading.now
      actionObserver.reduced(entry.action, entry.context, oldState, storage.state.pointee, start, end)
    } else if let monitor {
      monitor.store(willReduce: entry.action, context: entry.context)
      let oldState = monitor.wantsPreviousState ? storage.state.pointee : nil
      let start = ClockReading.now
      effect = reduceAction(&storage.state.pointee, entry.action)
      let duration = start.duration(to: .now)
      monitor.store(
        didReduce: entry.action, context: entry.context, oldState: oldState, newState: storage.state.pointee,
        duration: duration)
    } else {
      effect = reduceAction(&storage.state.pointee, entry.action)
    }
    if broadcaster.hasSubscribers {
      broadcaster.publish(storage.state.pointee)
    }
    if !effect.isNone {
      perform(effect, context: entry.context, scopes: [], onEnd: nil)
    }
    if !middleware.isEmpty {
      performMiddleware(for: entry.action, context: entry.context, from: 0)
    }
  }
}
