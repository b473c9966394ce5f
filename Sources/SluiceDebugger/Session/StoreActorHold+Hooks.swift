import Sluice

extension StoreActorHold {
  /// `observer`'s functions, each run on the main actor while the store's actor waits:
  /// the observer a session installs on a store that lives on an actor of its own.
  package func forwarding<State: Sendable, Action: Sendable>(
    _ observer: ActionObserver<State, Action>
  ) -> ActionObserver<State, Action> {
    let observer = MainActorOnly(observer)
    return ActionObserver(
      queued: { action, context in
        self.onMainActor { observer.value.queued(action, context) }
      },
      shouldPause: { action, context in
        self.onMainActor { observer.value.shouldPause(action, context) }
      },
      reduced: { action, context, oldState, newState, start, end in
        self.onMainActor { observer.value.reduced(action, context, oldState, newState, start, end) }
      },
      wantsPreviousState: observer.unchecked.wantsPreviousState,
      asksBeforeEachAction: observer.unchecked.asksBeforeEachAction)
  }
}

/// A session's monitor, on a store that lives on an actor of its own: each event goes to the
/// session's monitor on the main actor while the store's actor waits (see `StoreActorHold`).
final class ForwardingMonitor<State: Codable & Equatable & Sendable, Action: Codable & Sendable>: StoreMonitor {
  private let hold: StoreActorHold
  private let monitor: MainActorOnly<SessionMonitor<State, Action>>

  init(_ monitor: SessionMonitor<State, Action>, through hold: StoreActorHold) {
    self.hold = hold
    self.monitor = MainActorOnly(monitor)
  }

  // Each takes the monitor out of `self`, which stays on the store's actor.

  var wantsPreviousState: Bool {
    let monitor = monitor
    return hold.onMainActor { monitor.value.wantsPreviousState }
  }

  func store(didReport event: StoreEvent<State, Action>) {
    let monitor = monitor
    hold.onMainActor { monitor.value.store(didReport: event) }
  }

  func shouldPause(before action: Action, context: ActionContext) -> Bool {
    let monitor = monitor
    return hold.onMainActor { monitor.value.shouldPause(before: action, context: context) }
  }

  func shouldHold(_ job: JobInfo) -> Bool {
    let monitor = monitor
    return hold.onMainActor { monitor.value.shouldHold(job) }
  }
}

/// A value of the main actor's that a store's actor carries to it, opened only there.
///
/// `@unchecked Sendable` is sound because `value` is `@MainActor`: the compiler lets only
/// the main actor open it (`StoreActorHold/onMainActor(_:)` runs its work there, while the
/// store's actor waits). `unchecked` reads it anywhere, for plain flags read while it is
/// made, before any other thread has it.
struct MainActorOnly<Value>: @unchecked Sendable {
  private let wrapped: Value

  init(_ value: Value) {
    wrapped = value
  }

  @MainActor var value: Value { wrapped }

  /// The value without the check, where no other thread can have it yet.
  var unchecked: Value { wrapped }
}
