import Sluice
import Testing

/// Each `.sleep` runs a job that sleeps a second on the store's clock, then says it woke.
private struct Sleeper: Reducer {
  struct State: Equatable, Sendable {
    var woken = 0
  }

  enum Action: Equatable, Sendable {
    case sleep
    case woke
  }

  let clock: ManualClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .sleep:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.woke)
      }
    case .woke:
      state.woken += 1
      return .none
    }
  }
}

@MainActor
@Suite struct StoreTaskTests {
  @Test(.timeLimit(.minutes(1)))
  func everyWaiterOnAChainWakesWhenItEnds() async {
    let clock = ManualClock()
    let store = Store(initialState: Sleeper.State(), reducer: Sleeper(clock: clock), clock: clock)
    let task = store.send(.sleep)
    #expect(!task.isFinished)

    // Three waiters on the main actor, queued before the job's sleep is: each is waiting by
    // the time the clock has a sleeper.
    let waiters = (0..<3).map { _ in Task { await task.finish() } }
    await clock.waitForSleepers(1)
    // The job's end settles the chain once: every waiter must wake, not only the first one
    // found.
    clock.advance(by: .seconds(1))
    for waiter in waiters { await waiter.value }

    #expect(store.state.woken == 1)
    #expect(task.isFinished)
  }
}
