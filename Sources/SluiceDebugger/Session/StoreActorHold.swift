import Foundation
import Sluice

/// How a session on the main actor debugs a program's store that lives on an actor of its
/// own, with the same guarantees as for a store on the main actor: the store's actor and
/// the main actor never touch the store at the same time.
///
/// - The store reports each event (an action reduced, a pause asked, a job to hold) on its
///   actor, and waits there while the main actor runs the session's answer
///   (`onMainActor(_:)`). So the history records every action, with its state, in the
///   store's order, and a breakpoint stops the store before the action, as on the main actor.
/// - The session touches the store only after `hold()`, which parks the store's actor
///   (one of its jobs waits, so nothing else of it runs) until the main actor's current job
///   ends. While parked, the store is the main actor's: a `step`, `continue`, `jump` or
///   `send` runs the store there, and its events then arrive on the main actor directly.
///
/// Only the store's actor waits for the main actor, never the other way round, except while
/// `hold()` waits for the store's actor to park; it answers every store's events
/// meanwhile, so neither waits for the other in a circle. At most one store's actor is parked
/// at once (a hold on another store lets the first go), so a thread pool of any width keeps a
/// thread for the store that must reach its park.
///
/// `@unchecked Sendable` is sound because every mutable property is read and written only
/// with `lock` held (the one lock of all holds, `Bridge`), and the actor reference is itself
/// `Sendable`.
package final class StoreActorHold: @unchecked Sendable {
  /// The actor the store lives on, held weakly as the store holds it.
  private weak let actor: (any Actor)?
  /// Whether the store's actor waits in its park, the store being the main actor's.
  private var isParked = false
  /// How many of this store's events the main actor is answering now (its actor waits).
  private var answering = 0
  /// Whether the release at the end of the main actor's current job is scheduled.
  private var releaseIsScheduled = false

  /// A hold on the store that lives on `actor`.
  package init(_ actor: any Actor) {
    self.actor = actor
  }

  /// Whether the store's actor cannot run now: parked, or waiting for the answer to one of
  /// its events. Then the caller is the main actor, and the store is its to use.
  private var storeActorWaits: Bool { isParked || answering > 0 }

  // MARK: - The store's side

  /// Runs `work` on the main actor and returns what it returns, waiting for it: what the
  /// store's hooks call on the store's actor. Called on the main actor (while it holds the
  /// store), it runs `work` at once.
  package func onMainActor<Result: Sendable>(_ work: @MainActor () -> Result) -> Result {
    let bridge = Bridge.shared
    bridge.lock.lock()
    if storeActorWaits {
      bridge.lock.unlock()
      return MainActor.assumeIsolated(work)
    }
    var result: Result?
    // `work` runs before this returns: the caller waits for the call below to be done.
    withoutActuallyEscaping(work) { work in
      let call = Bridge.Call(for: self) { result = MainActor.assumeIsolated(work) }
      bridge.calls.append(call)
      bridge.wakeMainActor()
      while !call.isDone { bridge.lock.wait() }
    }
    bridge.lock.unlock()
    // Set by the call, which is done.
    return result!
  }

  /// Waits on the store's actor until the main actor lets it go.
  private func park() {
    let bridge = Bridge.shared
    bridge.lock.lock()
    isParked = true
    bridge.lock.broadcast()
    while isParked { bridge.lock.wait() }
    bridge.lock.unlock()
  }

  // MARK: - The main actor's side

  /// Makes the store the main actor's until the main actor's current job ends: returns at
  /// once when its actor already waits, or is gone (then nothing else reaches the store);
  /// otherwise parks the store's actor, answering every store's events while it gets there.
  @MainActor
  package func hold() {
    let bridge = Bridge.shared
    bridge.lock.lock()
    defer { bridge.lock.unlock() }
    guard !storeActorWaits, let actor else { return }
    if let other = bridge.parked, other !== self { other.letGo() }
    Task.detached { await Self.park(self, on: actor) }
    bridge.mainActorWaits += 1
    while !isParked {
      if let call = bridge.calls.first {
        bridge.calls.removeFirst()
        bridge.answer(call)
      } else {
        bridge.lock.wait()
      }
    }
    bridge.mainActorWaits -= 1
    // A call that came as this store parked was left for the main actor's own job.
    bridge.scheduleAnswering()
    bridge.parked = self
    guard !releaseIsScheduled else { return }
    releaseIsScheduled = true
    // Runs after the main actor's current job, which may go on using the store until then.
    Task { @MainActor in self.release() }
  }

  /// Lets the store's actor go on.
  @MainActor
  private func release() {
    let bridge = Bridge.shared
    bridge.lock.lock()
    releaseIsScheduled = false
    letGo()
    bridge.lock.unlock()
  }

  /// Ends the park, if any. Called with the lock held.
  private func letGo() {
    guard isParked else { return }
    isParked = false
    if Bridge.shared.parked === self { Bridge.shared.parked = nil }
    Bridge.shared.lock.broadcast()
  }

  /// The park, on the store's actor.
  private static func park(_ hold: StoreActorHold, on actor: isolated any Actor) {
    hold.park()
  }

  /// What every hold shares: one lock, and the events that wait for the main actor.
  ///
  /// `@unchecked Sendable` for the same reason as the hold: its mutable properties are used
  /// only with `lock` held.
  private final class Bridge: @unchecked Sendable {
    static let shared = Bridge()

    /// Guards every hold's state and this bridge's, and wakes whoever waits on them.
    let lock = NSCondition()
    /// Events of stores' actors waiting for the main actor's answer, oldest first.
    var calls: [Call] = []
    /// Whether the main actor waits in `hold()` (it answers calls meanwhile).
    var mainActorWaits = 0
    /// Whether a main-actor job that answers calls is scheduled.
    var answeringIsScheduled = false
    /// The hold whose store's actor is parked, last parked.
    weak var parked: StoreActorHold?

    /// One store's event, waiting for the main actor to answer it.
    ///
    /// `@unchecked Sendable`: made on the store's actor, which then waits while the main
    /// actor runs `run` once; `isDone` is used only with the lock held.
    final class Call: @unchecked Sendable {
      let hold: StoreActorHold
      let run: () -> Void
      var isDone = false

      init(for hold: StoreActorHold, _ run: @escaping () -> Void) {
        self.hold = hold
        self.run = run
      }
    }

    /// Makes sure the main actor answers the calls: it does while it waits in a hold;
    /// otherwise a job of its own does. Called with the lock held.
    func wakeMainActor() {
      lock.broadcast()
      guard mainActorWaits == 0 else { return }
      scheduleAnswering()
    }

    /// Has a job of the main actor's answer the calls waiting, unless one is scheduled.
    /// Called with the lock held.
    func scheduleAnswering() {
      guard !calls.isEmpty, !answeringIsScheduled else { return }
      answeringIsScheduled = true
      Task { @MainActor in self.answerCalls() }
    }

    /// Answers every call waiting, on the main actor.
    @MainActor
    private func answerCalls() {
      lock.lock()
      answeringIsScheduled = false
      while !calls.isEmpty { answer(calls.removeFirst()) }
      lock.unlock()
    }

    /// Runs `call` on the main actor while its store's actor waits, then tells it. Called
    /// with the lock held; lets it go while the call runs, since the call may hold stores.
    @MainActor
    func answer(_ call: Call) {
      call.hold.answering += 1
      lock.unlock()
      call.run()
      lock.lock()
      call.hold.answering -= 1
      call.isDone = true
      lock.broadcast()
    }
  }
}
