// Exported by sluice on 2026-11-28 from a debugging session of the feature 'pingpong':
// its 12 actions, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct PingpongSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<PingPong.State, PingPong.Action> = try TestStore(
      feature: "pingpong", in: exampleFeatures, clock: clock)

    await store.send(.ping) {
      $0.pings = 1
      $0.isRunning = true
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 1
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 2
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 2
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 3
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 3
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 4
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 4
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 5
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 5
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 6
    }

    await store.send(.stop) {
      $0.isRunning = false
    }

    await store.advance(by: .milliseconds(50))

    await store.finish()
  }
}
