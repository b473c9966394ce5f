extension Store {
  /// Sends an action with only the debugger's action observer (and perhaps a cycle detector
  /// watching depth alone) in the way of the fast path: nothing queued, nothing draining,
  /// not paused, no state subscribers, and an observer that asks nothing before each action.
  ///
  /// The action is reduced at once, as the queue would reduce it (the same sequence number,
  /// context, cycle bookkeeping, timing and report), without the queue's general machinery:
  /// that machinery cost the debugger more than everything it records. A root action cannot
  /// trip the depth signal, so the detector only remembers it. Whatever the action causes
  /// then takes the ordinary way, through the queue.
  @inlinable
  func sendObserved(
    _ action: Action, to observer: ActionObserver<State, Action>, origin: ActionOrigin = .external
  ) -> StoreTask {
    let flags = storage.flags
    let sequence = flags.pointee.nextSequence
    flags.pointee.nextSequence = sequence &+ 1
    flags.pointee.isDraining = true
    let context = ActionContext.external(sequence, origin: origin)
    // The detector, if any, watches depth alone, which a root cannot trip: it only
    // remembers the action, in its ring, reached without a reference to the detector.
    if let ancestry = flags.pointee.ancestry {
      ancestry.remember(caseName: caseName(of: action), context: context)
    }
    let oldState = observer.wantsPreviousState ? storage.state.pointee : nil
    let start = ClockReading.now
    let effect = reduceAction(&storage.state.pointee, action)
    let end = ClockReading.now
    observer.reduced(action, context, oldState, storage.state.pointee, start, end)
    guard effect.isNone, middleware.isEmpty, flags.pointee.nextSequence == sequence &+ 1 else {
      return finishObservedSend(of: action, context: context, effect: effect)
    }
    flags.pointee.isDraining = false
    tracker.settle()
    return StoreTask(root: sequence, tracker: nil)
  }

  /// Performs what an action reduced by ``sendObserved(_:to:origin:)`` caused, as ``reduce(_:)``
  /// would have after reducing it, then drains the queue.
  @inlinable
  @inline(never)
  func finishObservedSend(of action: Action, context: ActionContext, effect: Effect<Action>) -> StoreTask {
    if broadcaster.hasSubscribers {
      broadcaster.publish(storage.state.pointee)
    }
    if !effect.isNone {
      perform(effect, context: context, scopes: [], onEnd: nil)
    }
    if !middleware.isEmpty {
      performMiddleware(for: action, context: context, from: 0)
    }
    reduceQueued()
    isDraining = false
    tracker.settle()
    return StoreTask(root: context.root, tracker: boundTracker)
  }
}
