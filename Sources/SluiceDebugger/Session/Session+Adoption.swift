import Sluice

/// What a program's store had before a session adopted it.
struct Adoption<State, Action> {
  /// The program's own monitor, set aside while the session watches the store.
  var monitor: (any StoreMonitor<State, Action>)?
  /// The program's cycle detection: `nil` when its store looked for no cycles.
  var cycleDetection: CycleDetection?
}

/// A session that can give the store it debugs back to the program: what ``Debugger/unload(_:)``
/// asks of a session before forgetting it.
@MainActor
protocol DetachableSession: AnyObject {
  /// Gives the store back as the session found it, running unless `resuming` is false;
  /// nothing for a store the session made.
  func detach(resuming: Bool)
}

/// A session that tells of each cycle as it is first found, for a program's flight recorder
/// that writes what led to it.
@MainActor
package protocol CycleFeed: AnyObject {
  /// Each distinct cycle the detector finds from now on, when first found (repeats of one
  /// already found are not told again). Any number of listeners; each its own sequence.
  func newCycles() -> AsyncStream<CycleReport>
}

extension Session {
  func newCycles() -> AsyncStream<CycleReport> {
    let (stream, continuation) = AsyncStream<CycleReport>.makeStream()
    cycleListeners.append(continuation)
    return stream
  }
}

extension Session {
  /// Gives an adopted store back to its program as the session found it: no observer on its
  /// send path, its own monitor and cycle detection, every job the session held let go, and
  /// running if the session had paused it, unless `resuming` is false (a debugger that asked
  /// to leave it paused). The session records nothing more.
  func detach(resuming: Bool = true) {
    guard let adoption else { return }
    self.adoption = nil
    store.actionObserver = nil
    store.monitor = adoption.monitor
    store.cycleDetection = adoption.cycleDetection
    monitor.session = nil
    tape.removeConsumer()
    for listener in cycleListeners { listener.finish() }
    cycleListeners.removeAll()
    for job in store.jobs { store.release(job.id) }
    if resuming { store.resume() }
  }
}
