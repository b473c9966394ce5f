import Sluice
import Testing

/// A throttled request held for the end of its window can be cancelled like any effect.
@MainActor
@Suite struct ThrottleCancellationTests {
  enum Action: Equatable, Sendable {
    case tap, fire, cancelThrottle, cancelOuter
  }

  func makeStore(
    clock: ManualClock, recorder: EventRecorder<Int, Action>
  ) -> Store<Int, Action> {
    Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { fired, action in
        switch action {
        case .tap:
          return .send(.fire).throttle(id: "throttle", for: .seconds(1), latest: true)
            .cancellable(id: "outer")
        case .fire:
          fired += 1
          return .none
        case .cancelThrottle:
          return .cancel(id: "throttle")
        case .cancelOuter:
          return .cancel(id: "outer")
        }
      },
      clock: clock, monitor: recorder)
  }

  @Test(arguments: [Action.cancelThrottle, .cancelOuter])
  func cancellingDropsTheWaitingRequestAtOnce(_ cancellation: Action) async {
    let clock = ManualClock()
    let recorder = EventRecorder<Int, Action>()
    let store = makeStore(clock: clock, recorder: recorder)

    store.send(.tap)
    store.send(.tap)
    #expect(store.state == 1)
    #expect(store.jobs.map(\.kind) == [.timer])

    store.send(cancellation)
    await store.idle()  // the timer ends now, without the clock moving
    clock.advance(by: .seconds(2))

    #expect(store.state == 1)
    #expect(recorder.endedJobs.map(\.status) == [.cancelled])
  }

  @Test func cancellingTheTimerJobDoesNotRunTheWaitingRequest() async {
    let clock = ManualClock()
    let recorder = EventRecorder<Int, Action>()
    let store = makeStore(clock: clock, recorder: recorder)

    store.send(.tap)
    store.send(.tap)
    for job in store.jobs { store.cancel(job.id) }
    await store.idle()

    #expect(store.state == 1)
    // The window closed with the cancelled timer: the next tap leads a new one.
    store.send(.tap)
    #expect(store.state == 2)
  }

  /// Found by HistoryLimitModelTests (a debugger `reset` closes the windows and cancels
  /// the timer; the timer's job ended only after the next tap had opened a new window, and
  /// its end closed that new window too, so a tap that should have waited ran at once).
  @Test func aCancelledTimerThatEndsLateLeavesTheNextWindowOpen() async {
    let clock = ManualClock()
    let recorder = EventRecorder<Int, Action>()
    let store = makeStore(clock: clock, recorder: recorder)

    store.send(.tap)
    store.send(.tap)
    for job in store.jobs { store.cancel(job.id) }
    store.closeThrottleWindows()
    // A new window opens before the cancelled timer's job has ended.
    store.send(.tap)
    #expect(store.state == 2)
    await store.idle()
    // The new window is still open: this tap waits for it to close.
    store.send(.tap)
    #expect(store.state == 2)
  }

  @Test func theTrailingRequestStillRunsWhenNothingCancelsIt() async {
    let clock = ManualClock()
    let recorder = EventRecorder<Int, Action>()
    let store = makeStore(clock: clock, recorder: recorder)

    store.send(.tap)
    store.send(.tap)
    store.send(.tap)
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.idle()

    #expect(store.state == 2)
  }
}
