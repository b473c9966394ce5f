import Sluice
import Testing

/// Where a job's body runs: off the store's actor by default, on it when the job asks.
@MainActor
@Suite struct JobPlacementTests {
  @Test func aJobOffTheStoresActorHasNotRunWhenTheSendThatStartedItReturns() async {
    let store = Store(
      initialState: Log.State(),
      reducer: Log { .run(name: "elsewhere") { send in await send(.log("job")) } })

    let task = store.send(.start)
    #expect(store.state.entries == [])
    await task.finish()
    #expect(store.state.entries == ["job"])
  }

  @Test func aJobOnTheStoresActorStartsAtOnceAndItsFirstSendIsReducedBeforeTheSendReturns() async {
    let recorder = EventRecorder<Log.State, Log.Action>()
    let store = Store(
      initialState: Log.State(),
      reducer: Log { .run(name: "here", on: .storeActor) { send in await send(.log("job")) } },
      monitor: recorder)

    let task = store.send(.start)

    #expect(store.state.entries == ["job"])
    await task.finish()
    #expect(recorder.reducedContexts.last?.parent == task.root)
    #expect(recorder.endedJobs.map(\.status) == [.finished])
    #expect(!store.hasWorkInFlight)
  }

  @Test func aJobOnTheStoresActorKeepsItsOrderAcrossASuspension() async {
    let clock = ManualClock()
    let store = Store(
      initialState: Log.State(),
      reducer: Log {
        .run(name: "here", on: .storeActor) { send in
          await send(.log("one"))
          await send(.log("two"))
          try await clock.sleep(for: .seconds(1))
          await send(.log("three"))
        }
      },
      clock: clock)

    let task = store.send(.start)
    #expect(store.state.entries == ["one", "two"])
    await clock.waitForSleepers(1)
    store.send(.log("user"))
    clock.advance(by: .seconds(1))
    await task.finish()

    #expect(store.state.entries == ["one", "two", "user", "three"])
  }

  @Test func aCancelledJobOnTheStoresActorHasWhatItSendsAfterwardsDropped() async {
    let clock = ManualClock()
    let recorder = EventRecorder<Log.State, Log.Action>()
    let store = Store(
      initialState: Log.State(),
      reducer: Log {
        .run(name: "here", on: .storeActor) { send in
          try? await clock.sleep(for: .seconds(1))
          await send(.log("late"))
        }
        .cancellable(id: "here")
      },
      clock: clock, monitor: recorder)

    let task = store.send(.start)
    await clock.waitForSleepers(1)
    let job = store.jobs[0].id
    store.send(.cancel("here"))
    await task.finish()

    #expect(store.state.entries == [])
    #expect(recorder.drops.map(\.1) == [.jobCancelled(job)])
  }
}
