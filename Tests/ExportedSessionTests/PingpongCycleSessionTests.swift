// Exported by sluice on 2026-11-28 from a debugging session of the feature 'pingpong':
// its 41 actions, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct PingpongCycleSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<PingPong.State, PingPong.Action> = try TestStore(
      feature: "pingpong", in: exampleFeatures, cycleDetection: CycleDetection(policy: .break), clock: clock)

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

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 6
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 7
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 7
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 8
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 8
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 9
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 9
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 10
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 10
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 11
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 11
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 12
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 12
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 13
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 13
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 14
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 14
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 15
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 15
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 16
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 16
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 17
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 17
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 18
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 18
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 19
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 19
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 20
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.pong) {
      $0.pongs = 20
    }

    await store.advance(by: .milliseconds(10))
    await store.receive(.ping) {
      $0.pings = 21
    }

    await store.advance(by: .milliseconds(600))

    await store.finish()

    // The cycle detector fired, as in the session (`info cycles`).
    #expect(store.cycleWarnings.map(\.cycleDescription) == [".ping → .pong → .ping"])
  }
}
