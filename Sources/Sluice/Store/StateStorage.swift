/// The memory a store keeps its state and its dispatch flags in.
///
/// Reductions mutate `state.pointee` in place, and `send`'s inlined fast path reads the
/// flags through `flags.pointee`: a class property would cost a dynamic exclusivity check on
/// every access, and the store already guarantees exclusivity itself, since only the main
/// actor touches this memory and the queue lets one reduction run at a time.
@usableFromInline
final class StateStorage<State> {
  @usableFromInline let state: UnsafeMutablePointer<State>
  @usableFromInline let flags: UnsafeMutablePointer<DispatchFlags>

  init(_ initialState: State) {
    state = .allocate(capacity: 1)
    state.initialize(to: initialState)
    flags = .allocate(capacity: 1)
    flags.initialize(to: DispatchFlags())
  }

  deinit {
    state.deinitialize(count: 1)
    state.deallocate()
    flags.deinitialize(count: 1)
    flags.deallocate()
  }
}

/// What `send` needs to know to take its fast path.
@usableFromInline
struct DispatchFlags {
  /// The sequence number the next queued action gets.
  @usableFromInline var nextSequence: UInt64 = 1
  /// Whether a drain is in progress (a send now must queue, not reduce).
  @usableFromInline var isDraining = false
  /// Whether `state` was read since observers were last told of a change.
  @usableFromInline var stateWasRead = false
  /// Whether anything beyond reducing and middleware is configured: a monitor, the cycle
  /// detector, state subscribers, or a pause.
  @usableFromInline var needsSlowPath = false
  /// Whether, of all that, there is only an action observer and perhaps a cycle detector
  /// that watches depth alone: then an action sent while nothing is queued or draining is
  /// reduced at once, reported to the observer (``Store/sendObserved(_:to:origin:)``).
  @usableFromInline var reducesObservedAtOnce = false
  /// The cycle detector's ring of recent actions, while the store has a detector: the store
  /// sets it whenever it replaces its detector, which keeps the ring's memory alive.
  @usableFromInline var ancestry: CycleDetector.AncestryRing?

  @usableFromInline init() {}
}
