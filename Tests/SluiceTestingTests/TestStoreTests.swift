import Clocks
import Sluice
import SluiceTesting
import Testing

private struct Timer: Reducer {
  struct State: Equatable, Sendable {
    var ticks = 0
    var isRunning = false
  }

  enum Action: Equatable, Sendable {
    case start
    case tick
    case increment
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.isRunning = true
      return .run(name: "one tick") { send in
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    case .tick:
      state.ticks += 1
      state.isRunning = false
      return .none
    case .increment:
      state.ticks += 1
      return .send(.tick)
    }
  }
}

@MainActor
@Suite struct TestStoreTests {
  @Test func aPassingTestRecordsNoIssue() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Timer.State(), reducer: Timer(clock: clock), clock: clock, timeout: hangGuard)

    await store.send(.start) { $0.isRunning = true }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.receive(.tick) {
      $0.ticks = 1
      $0.isRunning = false
    }
    await store.finish()
  }

  @Test func anUnassertedStateChangeIsReportedWithADiff() async {
    let store = TestStore(initialState: Timer.State(), reducer: Timer(clock: ImmediateClock()), timeout: hangGuard)

    await withKnownIssue {
      await store.send(.start)
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return message.contains("State was not expected to change after Timer.Action.start")
        && message.hasLine(starting: "−", containing: "isRunning: false")
        && message.hasLine(starting: "+", containing: "isRunning: true")
    }
    await store.skipInFlightEffects()
    await store.skipReceivedActions()
  }

  @Test func aWrongExpectationIsReportedWithADiff() async {
    let store = TestStore(initialState: Timer.State(), reducer: Timer(clock: ImmediateClock()), timeout: hangGuard)
    store.exhaustivity = .on

    await withKnownIssue {
      await store.send(.increment) { $0.ticks = 2 }
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return message.contains("does not match the expectation")
        && message.hasLine(starting: "−", containing: "ticks: 2")
        && message.hasLine(starting: "+", containing: "ticks: 1")
    }
    await store.receive(.tick) { $0.ticks = 2 }
  }

  @Test func finishReportsAnEffectStillRunning() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Timer.State(), reducer: Timer(clock: clock), clock: clock, timeout: hangGuard)

    await store.send(.start) { $0.isRunning = true }
    await withKnownIssue {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return message.contains("An effect is still running at the end of the test")
        && message.contains("'one tick'")
    }
    // finish cancelled it, so nothing arrives later.
    clock.advance(by: .seconds(2))
    #expect(store.store.jobs.isEmpty)
  }

  @Test func anUnreceivedActionIsReported() async {
    let store = TestStore(initialState: Timer.State(), reducer: Timer(clock: ImmediateClock()), timeout: hangGuard)

    await store.send(.increment) { $0.ticks = 1 }
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("received 1 unexpected action(s): Timer.Action.tick")
    }
  }

  @Test func receivingTheWrongActionIsReported() async {
    let store = TestStore(initialState: Timer.State(), reducer: Timer(clock: ImmediateClock()), timeout: hangGuard)

    await store.send(.increment) { $0.ticks = 1 }
    await withKnownIssue {
      await store.receive(.start)
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("Received an unexpected action: Timer.Action.tick")
    }
  }

  @Test func receivingNothingReportsWhatIsStillRunning() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Timer.State(), reducer: Timer(clock: clock), clock: clock, timeout: hangGuard)

    await store.send(.start) { $0.isRunning = true }
    await withKnownIssue {
      await store.receive(.tick, timeout: .milliseconds(50))
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return message.contains("received nothing") && message.contains("still running: one tick")
    }
    await store.skipInFlightEffects()
  }

  @Test func nonExhaustiveTestsCheckOnlyWhatTheyAssert() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Timer.State(), reducer: Timer(clock: clock), clock: clock, exhaustivity: .off, timeout: hangGuard)

    await store.send(.start)  // changes isRunning, unasserted
    await store.send(.increment) { $0.ticks = 1 }  // asserts part of the change
    await store.receive(.tick) { $0.ticks = 2 }  // the increment's follow-up
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.finish()  // the start's tick arrives unasserted: no failure when off

    #expect(store.state == Timer.State(ticks: 3, isRunning: false))
  }

  @Test func receivingByCaseSkipsThePayload() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Timer.State(), reducer: Timer(clock: clock), clock: clock, timeout: hangGuard)
    let tickCase = EnumCase<Timer.Action, Void>(embed: { .tick }) {
      if case .tick = $0 { () } else { nil }
    }

    await store.send(.start) { $0.isRunning = true }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await store.receive(tickCase) {
      $0.ticks = 1
      $0.isRunning = false
    }
    await store.finish()
  }
}

extension String {
  /// Whether a line, leading spaces aside, starts with `marker` and contains `text`.
  fileprivate func hasLine(starting marker: String, containing text: String) -> Bool {
    split(separator: "\n").contains { line in
      let trimmed = line.drop { $0 == " " }
      return trimmed.hasPrefix(marker) && trimmed.contains(text)
    }
  }
}
