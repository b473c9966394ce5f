import Clocks
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
    let clock = TestClock()
    let ticks = Subscription<Ticker.Action>(name: "ticks") { send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    }
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(), subscriptions: [ticks], clock: clock)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.finish()
  }
}
