import Sluice
import SluiceTesting
import Testing

private struct Downloads: Reducer {
  struct State: Equatable, Sendable {
    var completed: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case start(Int)
    case startLatest(Int)
    case cancel
    case finished(Int)
  }

  enum CancelID { case download }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let number):
      return download(number).cancellable(id: CancelID.download)
    case .startLatest(let number):
      return download(number).cancellable(id: CancelID.download, cancelInFlight: true)
    case .cancel:
      return .cancel(id: CancelID.download)
    case .finished(let number):
      state.completed.append(number)
      return .none
    }
  }

  private func download(_ number: Int) -> Effect<Action> {
    .run(name: "download \(number)") { send in
      try await clock.sleep(for: .seconds(1))
      await send(.finished(number))
    }
  }
}

@MainActor
@Suite struct CancellationTests {
  @Test func cancellingBeforeCompletionLeavesStateUnchanged() async {
    let clock = ManualClock()
    let store = TestStore(initialState: .init(), reducer: Downloads(clock: clock), clock: clock, timeout: hangGuard)

    await store.send(.start(1))
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(500))
    await store.send(.cancel)
    clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.completed.isEmpty)
  }

  @Test func cancellingTwiceIsHarmlessAndTheIDWorksAgainAfterwards() async {
    let clock = ManualClock()
    let store = TestStore(initialState: .init(), reducer: Downloads(clock: clock), clock: clock, timeout: hangGuard)

    await store.send(.start(1))
    await store.send(.cancel)
    await store.send(.cancel)
    await store.store.idle()
    await store.send(.start(2))
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.receive(.finished(2)) { $0.completed = [2] }
    await store.finish()
  }

  @Test func cancelInFlightLetsOnlyTheLastOfThreeRunsComplete() async {
    let clock = ManualClock()
    let store = TestStore(initialState: .init(), reducer: Downloads(clock: clock), clock: clock, timeout: hangGuard)

    await store.send(.startLatest(1))
    await store.send(.startLatest(2))
    await store.send(.startLatest(3))
    #expect(await eventually { store.store.jobs.count == 1 })
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.receive(.finished(3)) { $0.completed = [3] }
    clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func cancellingStopsTheUnstartedRestOfAConcatenation() async {
    let clock = ManualClock()
    let recorder = EventRecorder<Log.State, Log.Action>()
    let store = Store(
      initialState: Log.State(),
      reducer: Log {
        .concatenate(.log("first", after: .seconds(1), on: clock), .log("second", on: clock))
          .cancellable(id: "sequence")
      },
      clock: clock, monitor: recorder)

    store.send(.start)
    await recorder.waitUntil { !recorder.startedJobs.isEmpty }
    store.send(.cancel("sequence"))
    await recorder.waitUntil { recorder.endedJobs.count == 1 }
    store.send(.start)  // a second run under the same id is unaffected
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.idle()

    #expect(store.state.entries == ["first", "second"])
    #expect(recorder.endedJobs.first?.status == .cancelled)
  }

  @Test func actionsSentByACancelledJobAreDroppedAndReported() async {
    let clock = ManualClock()
    let recorder = EventRecorder<Log.State, Log.Action>()
    let store = Store(
      initialState: Log.State(),
      reducer: Log {
        .run(name: "stubborn") { send in
          // Ignores cancellation, then tries to deliver anyway.
          try? await clock.sleep(for: .seconds(1))
          await send(.log("late"))
        }
      },
      clock: clock, monitor: recorder)

    store.send(.start)
    // In its sleep: a job cancelled before its body starts never runs it, and sends nothing.
    await clock.waitForSleepers(1)
    let job = store.jobs[0].id
    store.cancel(job)
    await store.idle()

    #expect(store.state.entries.isEmpty)
    #expect(recorder.drops.map(\.0) == [.log("late")])
    #expect(recorder.drops.map(\.1) == [.jobCancelled(job)])
    #expect(recorder.endedJobs.map(\.status) == [.cancelled])
  }
}
