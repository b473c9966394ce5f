// Exported by sluice on 2026-11-28 from a debugging session of the feature 'search':
// its 5 actions, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct SearchSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<Search.State, Search.Action> = try TestStore(
      feature: "search", in: exampleFeatures, clock: clock)

    await store.send(.queryChanged("a")) {
      $0.query = "a"
    }

    await store.advance(by: .milliseconds(100))
    await store.send(.queryChanged("ad")) {
      $0.query = "ad"
    }

    await store.advance(by: .milliseconds(100))
    await store.send(.queryChanged("ada")) {
      $0.query = "ada"
    }

    await store.advance(by: .milliseconds(300))
    await store.receive(.search) {
      $0.results = .loading(previous: nil)
    }

    await store.advance(by: .milliseconds(200))
    await store.receive(.searchResponse(["Ada Lovelace"])) {
      $0.results = .loaded(["Ada Lovelace"])
    }

    await store.finish()
  }
}
