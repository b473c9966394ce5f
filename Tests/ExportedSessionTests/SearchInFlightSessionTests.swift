// Exported by sluice on 2026-11-29 from a debugging session of the feature 'search':
// its 1 action, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct SearchInFlightSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<Search.State, Search.Action> = try TestStore(
      feature: "search", in: exampleFeatures, clock: clock)

    await store.send(.queryChanged("ada")) {
      $0.query = "ada"
    }

    await store.advance(by: .milliseconds(100))

    // the session ended with 'debounce .search' still running: the test lets it go
    await store.skipInFlightEffects()
    await store.finish()
  }
}
