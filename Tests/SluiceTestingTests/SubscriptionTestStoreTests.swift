import Sluice
import SluiceTesting
import Testing

/// `TestStore` runs a feature's subscriptions as the app would: their actions are received
/// like any other, and `finish()` does not wait for a subscription that goes on listening.
@MainActor
@Suite struct SubscriptionTestStoreTests {
  struct Ticker: Reducer {
    struct State: Equatable, Sendable { var ticks = 0 }
    enum Action: Equatable, Sendable { case tick }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.ticks += 1
      return .none
    }
  }

  @Test func ticksAreReceivedAndFinishPassesWhileTheSubscriptionListens() async {
    let clock = ManualClock()
    let ticks = Subscription<Ticker.Action>(name: "ticks") { send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    }
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(), subscriptions: [ticks], clock: clock, timeout: hangGuard)
    // Each tick once the subscription sleeps on the clock: advancing before would move time
    // under a sleep not yet begun.
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 2 }
    await store.finish()
  }
}
