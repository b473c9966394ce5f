import Sluice
import SluiceTesting
import Testing

private struct Typing: Reducer {
  struct State: Equatable, Sendable {
    var searches: [String] = []
    var refreshes: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case search(String)
    case refresh(Int)
    case refreshed(Int)
  }

  enum ID { case search, refresh }

  let throttleKeepsLatest: Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      return .send(.search(query)).debounce(id: ID.search, for: .milliseconds(300))
    case .search(let query):
      state.searches.append(query)
      return .none
    case .refresh(let number):
      return .send(.refreshed(number))
        .throttle(id: ID.refresh, for: .seconds(1), latest: throttleKeepsLatest)
    case .refreshed(let number):
      state.refreshes.append(number)
      return .none
    }
  }
}

@MainActor
@Suite struct TimingTests {
  private func makeStore(latest: Bool = false) -> (TestStore<Typing.State, Typing.Action>, ManualClock) {
    let clock = ManualClock()
    return (TestStore(initialState: .init(), reducer: Typing(throttleKeepsLatest: latest), clock: clock, timeout: hangGuard), clock)
  }

  @Test func debounceRunsOncePerBurst() async {
    let (store, clock) = makeStore()

    for query in ["s", "sl", "slu"] {
      await store.send(.queryChanged(query))
      await clock.waitForSleepers(1)
      clock.advance(by: .milliseconds(100))
    }
    // 200 ms after the last keystroke: still quiet.
    clock.advance(by: .milliseconds(100))
    #expect(store.state.searches.isEmpty)
    clock.advance(by: .milliseconds(100))
    await store.receive(.search("slu")) { $0.searches = ["slu"] }

    // A second burst gives a second, single run.
    await store.send(.queryChanged("sluice"))
    await store.send(.queryChanged("sluices"))
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(300))
    await store.receive(.search("sluices")) { $0.searches.append("sluices") }
    await store.finish()
  }

  @Test func aDebounceTimerIsNamedAfterWhatItDelays() {
    let store = Store(initialState: Typing.State(), reducer: Typing(throttleKeepsLatest: false), clock: ManualClock())
    store.send(.queryChanged("s"))
    #expect(store.jobs.map(\.name) == ["debounce .search"])
    #expect(store.jobs.map(\.kind) == [.timer])
  }

  @Test func anUnfinishedBurstRunsNothing() async {
    let (store, clock) = makeStore()

    await store.send(.queryChanged("s"))
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(299))
    await store.skipInFlightEffects()
    clock.advance(by: .seconds(10))
    await store.finish()
    #expect(store.state.searches.isEmpty)
  }

  @Test func throttleWithoutLatestRunsOnlyTheLeadingRequest() async {
    let (store, clock) = makeStore(latest: false)

    await store.send(.refresh(1))
    await store.receive(.refreshed(1)) { $0.refreshes = [1] }
    await store.send(.refresh(2))
    await store.send(.refresh(3))
    clock.advance(by: .seconds(1))
    await store.finish()
    #expect(store.state.refreshes == [1])

    // The window has closed: the next request leads a new one.
    await store.send(.refresh(4))
    await store.receive(.refreshed(4)) { $0.refreshes = [1, 4] }
  }

  @Test func throttleWithLatestRunsExactlyOneTrailingRequestAtWindowEnd() async {
    let (store, clock) = makeStore(latest: true)

    await store.send(.refresh(1))
    await store.receive(.refreshed(1)) { $0.refreshes = [1] }
    await store.send(.refresh(2))
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(500))
    await store.send(.refresh(3))
    clock.advance(by: .milliseconds(499))
    #expect(store.state.refreshes == [1])
    clock.advance(by: .milliseconds(1))
    await store.receive(.refreshed(3)) { $0.refreshes = [1, 3] }
    clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.refreshes == [1, 3])
  }
}
