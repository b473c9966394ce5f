import Sluice
import ExampleFeatures
import SluiceTesting
import Testing

/// README's testing example, verbatim, so the documentation cannot drift from the code.
@MainActor
@Suite struct ReadmeExampleTests {
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
}
