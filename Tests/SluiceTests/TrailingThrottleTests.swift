import Sluice
import Testing

/// `throttle(id:for:leading: false, trailing: true)`: nothing runs at once; the newest request
/// of a window runs when it ends, and that run opens the next window.
@MainActor
@Suite struct TrailingThrottleTests {
  enum Action: Equatable, Sendable { case type(Int), save(Int) }

  static func makeStore(clock: ManualClock, leading: Bool = false) -> Store<[Int], Action> {
    Store(
      initialState: [],
      reducer: Reduce<[Int], Action> { saved, action in
        switch action {
        case .type(let text):
          return .send(.save(text)).throttle(id: "save", for: .seconds(1), leading: leading, trailing: true)
        case .save(let text):
          saved.append(text)
          return .none
        }
      },
      clock: clock)
  }

  @Test func theFirstRequestWaitsForTheEndOfItsWindow() async {
    let clock = ManualClock()
    let store = Self.makeStore(clock: clock)
    store.send(.type(1))
    #expect(store.state == [])
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(999))
    #expect(store.state == [])
    clock.advance(by: .milliseconds(1))
    await store.idle()
    #expect(store.state == [1])
  }

  @Test func onlyTheNewestRequestOfAWindowRuns() async {
    let clock = ManualClock()
    let store = Self.makeStore(clock: clock)
    store.send(.type(1))
    store.send(.type(2))
    store.send(.type(3))
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.idle()
    #expect(store.state == [3])
  }

  @Test func aTrailingRunOpensTheNextWindowSoRunsStayAnIntervalApart() async {
    let clock = ManualClock()
    let store = Self.makeStore(clock: clock)
    store.send(.type(1))
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.idle()
    #expect(store.state == [1])
    // Half-way through the window the trailing run opened: this request waits for its end.
    clock.advance(by: .milliseconds(500))
    store.send(.type(2))
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(499))
    #expect(store.state == [1])
    clock.advance(by: .milliseconds(1))
    await store.idle()
    #expect(store.state == [1, 2])
  }

  @Test func aRequestAfterAQuietWindowOpensANewOne() async {
    let clock = ManualClock()
    let store = Self.makeStore(clock: clock)
    store.send(.type(1))
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.idle()
    clock.advance(by: .seconds(5))
    store.send(.type(2))
    #expect(store.state == [1])
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.idle()
    #expect(store.state == [1, 2])
  }

  @Test func leadingAndTrailingIsLatest() async {
    let clock = ManualClock()
    let store = Self.makeStore(clock: clock, leading: true)
    store.send(.type(1))
    store.send(.type(2))
    store.send(.type(3))
    #expect(store.state == [1])
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.idle()
    #expect(store.state == [1, 3])
  }
}
