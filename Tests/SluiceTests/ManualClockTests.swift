import Sluice
import Testing

@Suite struct ManualClockTests {
  @Test func sleepsWakeInDeadlineOrderWhenTimeReachesThem() async throws {
    let clock = ManualClock()
    let woken = WakeLog()
    let late = Task { try await clock.sleep(for: .seconds(2)); await woken.add("late") }
    let early = Task { try await clock.sleep(for: .seconds(1)); await woken.add("early") }
    while clock.sleeperCount < 2 { await Task.yield() }

    #expect(clock.nextDeadline == .init(offset: .seconds(1)))
    clock.advance(by: .milliseconds(999))
    #expect(clock.sleeperCount == 2)
    clock.advance(by: .milliseconds(1))
    try await early.value
    #expect(await woken.entries == ["early"])
    #expect(clock.sleeperCount == 1)

    clock.advance(to: .init(offset: .seconds(5)))
    try await late.value
    #expect(await woken.entries == ["early", "late"])
    #expect(clock.now == .init(offset: .seconds(5)))
  }

  @Test func aCancelledSleepThrowsAndLeavesTheClock() async {
    let clock = ManualClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    while clock.sleeperCount < 1 { await Task.yield() }

    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aDeadlineAlreadyPassedDoesNotWait() async throws {
    let clock = ManualClock()
    clock.advance(by: .seconds(10))
    try await clock.sleep(until: .init(offset: .seconds(3)))
    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .seconds(10))
  }

  /// Two jobs of a monitored store (as every debugger session and `TestStore` is) sleep
  /// until the same instant, the one scheduled second asleep first: the first scheduled
  /// still wakes first, so the order of simultaneous wake-ups follows the store's order of
  /// jobs and not the order in which their tasks happened to run.
  @MainActor @Test func sleepsDueTogetherWakeInTheOrderTheirJobsWereScheduled() async throws {
    let clock = ManualClock()
    let deadline = ManualClock.Instant(offset: .seconds(1))
    let (gate, opener) = AsyncStream<Void>.makeStream()
    let store = Store(
      initialState: Log.State(),
      reducer: Log {
        .merge(
          .run(name: "first") { send in
            for await _ in gate { break }
            try await clock.sleep(until: deadline)
            await send(.log("first"))
          },
          .run(name: "second") { send in
            try await clock.sleep(until: deadline)
            await send(.log("second"))
          })
      },
      clock: clock, monitor: EventRecorder<Log.State, Log.Action>())
    store.send(.start)
    await clock.waitForSleepers(1)
    opener.yield()
    opener.finish()
    await clock.waitForSleepers(2)

    #expect(clock.wakeNext(notAfter: deadline))
    #expect(await eventually { !store.state.entries.isEmpty })
    #expect(store.state.entries == ["first"])
    #expect(clock.wakeNext(notAfter: deadline))
    #expect(await eventually { store.state.entries.count == 2 })
    #expect(store.state.entries == ["first", "second"])
  }

  @Test func timeNeverMovesBackwards() {
    let clock = ManualClock()
    clock.advance(by: .seconds(3))
    clock.advance(to: .init(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(3))
  }
}

private actor WakeLog {
  var entries: [String] = []
  func add(_ entry: String) { entries.append(entry) }
}
