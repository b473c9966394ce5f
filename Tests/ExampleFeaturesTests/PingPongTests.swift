import ExampleFeatures
import Sluice
import SluiceTesting
import Testing

@MainActor
struct PingPongTests {
  @Test func theCycleDetectorCutsTheLoop() async throws {
    let clock = CountingTestClock()
    let store = TestStore(
      initialState: PingPong.State(), reducer: PingPong(clock: clock), clock: clock,
      cycleDetection: CycleDetection(maximumDepth: 10, policy: .break), timeout: hangGuard)

    await store.send(.ping) {
      $0.pings = 1
      $0.isRunning = true
    }
    // Depths 1 to 10 pass; the pong at depth 11 is dropped.
    for depth in 1...10 {
      if depth.isMultiple(of: 2) {
        await store.receive(.ping) { $0.pings += 1 }
      } else {
        await store.receive(.pong) { $0.pongs += 1 }
      }
    }
    await store.finish()

    #expect(store.state == PingPong.State(pings: 6, pongs: 5, isRunning: true))
    #expect(store.cycleWarnings.count == 1)
    let warning = try #require(store.cycleWarnings.first)
    #expect(warning.signal == .depth(11))
    #expect(warning.caseName == "pong")
    #expect(warning.cycle == ["ping", "pong"])
    #expect(warning.cycleDescription == ".ping → .pong → .ping")
    #expect(warning.policy == .break)

    #expect(store.droppedActions.map(\.action) == [.pong])
    #expect(store.droppedActions.first?.reason == .cycleBroken(warning))
  }

  @Test func pingAndPongAlternateOnTheClockUntilStopped() async {
    let clock = CountingTestClock()
    let store = TestStore(
      initialState: PingPong.State(), reducer: PingPong(clock: clock, interval: .seconds(1)),
      clock: clock, timeout: hangGuard)

    await store.send(.ping) {
      $0.pings = 1
      $0.isRunning = true
    }
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .milliseconds(999))
    #expect(store.state.pongs == 0)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.pong) { $0.pongs = 1 }
    // The hop the pong started is asleep (the first hop's sleep has ended).
    await clock.waitForSleeps(active: 1, started: 2)
    await clock.advance(by: .seconds(1))
    await store.receive(.ping) { $0.pings = 2 }

    await store.send(.stop) { $0.isRunning = false }
    await clock.waitForSleeps(active: 0)
    await clock.advance(by: .seconds(10))
    await store.finish()
    #expect(store.state == PingPong.State(pings: 2, pongs: 1, isRunning: false))
  }

  @Test func actionsNameTheirOwnCase() {
    #expect(caseName(of: PingPong.Action.ping) == "ping")
    #expect(caseName(of: PingPong.Action.pong) == "pong")
    #expect(caseName(of: PingPong.Action.stop) == "stop")
  }
}
