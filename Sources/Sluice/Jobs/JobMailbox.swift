import Foundation

/// What a job tells its store: that it started, an action it sent, how it ended.
enum JobLetter<Action: Sendable>: Sendable {
  case started
  case sent(Action)
  case ended(JobStatus)
}

/// Where a store's jobs post what they tell it, so that a job never waits for the store's
/// actor: the job posts and goes on, and one drain on the actor takes in everything posted,
/// in the order it was posted.
///
/// A post into an empty mailbox schedules that drain; a job whose body runs on the store's
/// actor (``JobPlacement/storeActor``) is taken in at once, without one. While
/// ``waitsForDelivery`` is set (a debugger is attached), a job's post waits until the actor
/// has taken it in, so that a job never runs ahead of what the debugger has seen.
///
/// `@unchecked Sendable` is sound: `letters`, `drainIsScheduled` and `waitsForDelivery` are
/// read and written only while `lock` is held; `delivering`, `isTakingIn` and the records'
/// bookkeeping are touched only in ``takeIn()``, which runs on the store's actor alone: from a task
/// isolated to it, through `call(_:with:on:)`, or from a job whose caller isolation is that
/// actor (checked by identity before the call).
final class JobMailbox<State: Sendable, Action: Sendable>: @unchecked Sendable {
  /// The store's actor, held weakly, as the store holds it.
  private weak let actor: (any Actor)?
  /// Whether the store lives on the main actor, which its jobs' tasks may name statically.
  let isMainActor: Bool
  private let lock = NSLock()
  private var letters: [(record: JobRecord<State, Action>, letter: JobLetter<Action>)] = []
  /// The letters being delivered, swapped with `letters` at each turn of ``takeIn()`` and
  /// emptied keeping their capacity, so that a steady flow of letters allocates nothing.
  private var delivering: [(record: JobRecord<State, Action>, letter: JobLetter<Action>)] = []
  private var drainIsScheduled = false
  private var waitsForDeliveryValue = false
  /// Whether ``takeIn()`` is delivering: a letter posted from the actor meanwhile (by a job
  /// that the delivery started, on the actor) waits for that loop to reach it.
  private var isTakingIn = false

  init(actor: any Actor) {
    self.actor = actor
    isMainActor = actor === MainActor.shared
  }

  /// Whether a job's post waits until the store's actor has taken it in, as it would if it
  /// hopped there. Set on the store's actor.
  var waitsForDelivery: Bool {
    get { lock.withLock { waitsForDeliveryValue } }
    set { lock.withLock { waitsForDeliveryValue = newValue } }
  }

  /// Posts `letter` from `record`'s job. `caller` is the isolation the job posts from: on
  /// the store's actor, the letter is taken in before this returns. With `waiting`, or while
  /// ``waitsForDelivery`` is set, the job waits until the actor has taken it in.
  nonisolated(nonsending) func post(
    _ letter: JobLetter<Action>, from record: JobRecord<State, Action>, caller: (any Actor)?,
    waiting: Bool = false
  ) async {
    guard let actor else { return }
    let onActor = caller.map { $0 === actor } ?? false
    let (schedule, waits) = lock.withLock { () -> (Bool, Bool) in
      letters.append((record, letter))
      guard !onActor else { return (false, false) }
      if waiting || waitsForDeliveryValue { return (false, true) }
      guard !drainIsScheduled else { return (false, false) }
      drainIsScheduled = true
      return (true, false)
    }
    if onActor {
      takeIn()
    } else if waits {
      await call({ $0.takeIn() }, with: self, on: actor)
    } else if schedule {
      scheduleDrain()
    }
  }

  /// One task on the store's actor that takes in what was posted.
  private func scheduleDrain() {
    if isMainActor {
      // The main actor outlives everything: a task isolated to it starts there, one hop.
      Task { @MainActor in self.takeIn() }
    } else {
      // Any other actor is held only while the drain runs, so a store's jobs never keep it alive.
      Task { [weak actor] in
        guard let actor else { return }
        await call({ $0.takeIn() }, with: self, on: actor)
      }
    }
  }

  /// Delivers every letter posted, in order, until none is left. On the store's actor.
  func takeIn() {
    guard !isTakingIn else { return }
    isTakingIn = true
    defer { isTakingIn = false }
    while true {
      let isEmpty = lock.withLock {
        drainIsScheduled = false
        swap(&letters, &delivering)
        return delivering.isEmpty
      }
      if isEmpty { return }
      // By index, without a copy: a letter posted meanwhile goes to `letters`, and a nested
      // `takeIn` returns at once, so nothing else touches `delivering` until it is emptied.
      for index in delivering.indices {
        delivering[index].record.deliver(delivering[index].letter)
      }
      delivering.removeAll(keepingCapacity: true)
    }
  }
}
