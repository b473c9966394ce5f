// Exported by sluice on 2026-11-28 from a debugging session of the feature 'stopwatch':
// its 7 actions, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct StopwatchSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<Stopwatch.State, Stopwatch.Action> = try TestStore(
      feature: "stopwatch", in: exampleFeatures, clock: clock)

    await store.send(.start) {
      $0.isRunning = true
    }

    await store.advance(by: .seconds(1))
    await store.receive(.tick) {
      $0.elapsedSeconds = 1
    }

    await store.advance(by: .seconds(1))
    await store.receive(.tick) {
      $0.elapsedSeconds = 2
    }

    await store.advance(by: .seconds(1))
    await store.receive(.tick) {
      $0.elapsedSeconds = 3
    }

    await store.send(.stop) {
      $0.isRunning = false
    }

    await store.advance(by: .seconds(1))
    await store.receive(.tick)

    await store.send(.clear) {
      $0.elapsedSeconds = 0
    }

    await store.finish()
  }
}
