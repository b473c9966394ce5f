import ExampleFeatures
import Sluice
import SluiceTesting
import Testing

/// README's testing example, verbatim: `ReadmeCodeBlockTests` checks that README's block
/// appears here line for line, so the documentation cannot drift from a test that runs.
@MainActor
@Test func searchWaitsForTypingToPause() async {
  let clock = ManualClock()
  let store = TestStore(initialState: Search.State(), reducer: Search(), clock: clock)

  await store.send(.queryChanged("ada")) { $0.query = "ada" }
  await clock.waitForSleepers(1)  // the debounce is waiting on the store's clock
  clock.advance(by: .milliseconds(300))
  await store.receive(.search) { $0.results = .loading(previous: nil) }
  await store.receive(.searchResponse(["Ada Lovelace"])) { $0.results = .loaded(["Ada Lovelace"]) }
  await store.finish()
}

/// README's subscription example, verbatim, with the example `Stopwatch`.
@MainActor
@Test func theStopwatchTicksFromItsSubscription() async {
  let clock = ManualClock()
  let ticks = Subscription<Stopwatch.Action>(name: "ticks") { send in
    while true {
      try await clock.sleep(for: .seconds(1))
      await send(.tick)
    }
  }
  let store = Store(initialState: Stopwatch.State(), reducer: Stopwatch(), subscriptions: [ticks], clock: clock)
  store.send(.start)
  for second in 1...3 {
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    while store.state.elapsedSeconds < second { await Task.yield() }
  }
  #expect(store.state.elapsedSeconds == 3)
  await store.idle()
  #expect(store.jobs.map(\.kind) == [.subscription])
}
