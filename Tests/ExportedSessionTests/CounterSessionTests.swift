// Exported by sluice on 2026-11-28 from a debugging session of the feature 'counter':
// its 3 actions, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct CounterSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<Counter.State, Counter.Action> = try TestStore(
      feature: "counter", in: exampleFeatures, clock: clock)

    await store.send(.increment) {
      $0.count = 1
    }

    await store.send(.increment) {
      $0.count = 2
    }

    await store.send(.decrement) {
      $0.count = 1
    }

    await store.finish()
  }
}
