import Sluice
import Testing

@MainActor
@Suite struct StoreLifetimeTests {
  private typealias Recorder = EventRecorder<Log.State, Log.Action>

  @Test func releasingTheStoreCancelsEffectsAndMiddlewareAndReducesNothingMore() async {
    let clock = ManualClock()
    let recorder = Recorder()
    let stubbornMiddleware = Middleware<Log.State, Log.Action>(name: "stubborn") { action, _, send in
      guard action == .start else { return }
      try? await clock.sleep(for: .seconds(10))
      await send(.log("from middleware"))
    }
    var store: Store<Log.State, Log.Action>? = Store(
      initialState: Log.State(),
      reducer: Log {
        .run(name: "stubborn effect") { send in
          try? await clock.sleep(for: .seconds(10))
          await send(.log("from effect"))
        }
      },
      middleware: [stubbornMiddleware],
      clock: clock, monitor: recorder)
    weak let weakStore = store

    let task = store?.send(.start)
    await recorder.waitUntil { recorder.startedJobs.count == 2 }
    // Both in their sleep: a job cancelled before its body starts never runs it, and
    // sends nothing to drop.
    await clock.waitForSleepers(2)
    store = nil

    #expect(weakStore == nil)
    await recorder.waitUntil { recorder.endedJobs.count == 2 }
    #expect(recorder.endedJobs.map(\.status) == [.cancelled, .cancelled])
    #expect(Set(recorder.endedJobs.map(\.kind)) == [.effect, .middleware])
    #expect(Set(recorder.drops.map(\.0)) == [.log("from effect"), .log("from middleware")])
    #expect(recorder.drops.allSatisfy { $0.1 == .storeReleased })
    #expect(recorder.reducedActions == [.start])
    // The task of a send outlives its store and reports it finished.
    await task?.finish()
    #expect(task?.isFinished == true)
  }

  @Test func aPendingDebounceDoesNotKeepTheStoreAlive() async {
    let clock = ManualClock()
    let recorder = Recorder()
    var store: Store<Log.State, Log.Action>? = Store(
      initialState: Log.State(),
      reducer: Log { .send(.log("debounced")).debounce(id: "typing", for: .seconds(1)) },
      clock: clock, monitor: recorder)
    weak let weakStore = store

    store?.send(.start)
    await recorder.waitUntil { recorder.startedJobs.first?.kind == .timer }
    store = nil

    #expect(weakStore == nil)
    await recorder.waitUntil { recorder.endedJobs.count == 1 }
    #expect(recorder.endedJobs.first?.status == .cancelled)
    clock.advance(by: .seconds(5))
    #expect(recorder.reducedActions == [.start])
  }
}
