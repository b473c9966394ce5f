import Sluice

/// A server's actor that owns its stores, as a program off the main actor would: every send
/// below runs on this actor, and every job of the round-trip store comes back to it.
package actor CounterServer {
  /// The counter, on this actor.
  package lazy var counter = Store(initialState: Counter.State(), reducer: Counter(), isolation: self)
  /// The `.run` round trip, on this actor.
  package lazy var runTrip = Store(initialState: RunTrip.State(), reducer: RunTrip(), isolation: self)

  package init() {}

  /// Sends `count` of the counter's actions, cycling through `Counter.actions`.
  package func sendAll(_ count: Int) {
    let actions = Counter.actions
    let mask = actions.count - 1
    // Read the lazy property once, as a program would keep its store in a local.
    let counter = counter
    for index in 0..<count { counter.send(actions[index & mask]) }
  }

  /// The counter's count, so that the sends cannot be optimised away.
  package var count: Int { counter.state.count }

  /// Makes `count` round trips, each awaited until its job has sent `.done` and it was
  /// reduced; returns how many came back.
  package func runTrips(_ count: Int) async -> Int {
    for _ in 0..<count { await runTrip.send(.start).finish() }
    return runTrip.state.trips
  }
}
