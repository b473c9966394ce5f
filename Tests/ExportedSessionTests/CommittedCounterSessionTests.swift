// Exported by sluice on 2026-11-28 from a debugging session of the feature 'counter':
// its 1 action, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct CommittedCounterSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<Counter.State, Counter.Action> = try TestStore(
      feature: "counter", in: exampleFeatures, initialState: Counter.State(count: 1, step: 1), clock: clock)

    await store.send(.increment) {
      $0.count = 2
    }

    await store.finish()
  }
}
