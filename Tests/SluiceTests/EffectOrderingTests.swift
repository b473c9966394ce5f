import Sluice
import SluiceTesting
import Testing

@MainActor
@Suite struct EffectOrderingTests {
  @Test func concatenateRunsEachEffectAfterThePreviousOneEnds() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Log.State(),
      reducer: Log {
        .concatenate(
          .log("A", on: clock),
          .log("B", after: .seconds(300), on: clock),
          .log("C", after: .seconds(200), on: clock),
          .log("D", after: .seconds(100), on: clock),
          .log("E", on: clock))
      },
      clock: clock, timeout: hangGuard)

    await store.send(.start)
    await store.receive(.log("A")) { $0.entries = ["A"] }
    // B has the longest delay but must still come second.
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(299))
    #expect(store.state.entries == ["A"])
    clock.advance(by: .seconds(1))
    await store.receive(.log("B")) { $0.entries.append("B") }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(200))
    await store.receive(.log("C")) { $0.entries.append("C") }
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(100))
    await store.receive(.log("D")) { $0.entries.append("D") }
    await store.receive(.log("E")) { $0.entries.append("E") }
    await store.finish()
    #expect(store.state.entries == ["A", "B", "C", "D", "E"])
  }

  @Test func mergeDeliversInOrderOfCompletion() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Log.State(),
      reducer: Log {
        .merge(
          .log("A", after: .seconds(400), on: clock),
          .log("B", after: .seconds(300), on: clock),
          .log("C", after: .seconds(200), on: clock),
          .log("D", after: .seconds(100), on: clock),
          .log("E", on: clock))
      },
      clock: clock, timeout: hangGuard)

    await store.send(.start)
    await store.receive(.log("E")) { $0.entries = ["E"] }
    await clock.waitForSleepers(4)
    for entry in ["D", "C", "B", "A"] {
      clock.advance(by: .seconds(100))
      await store.receive(.log(entry)) { $0.entries.append(entry) }
    }
    await store.finish()
  }

  @Test func concatenateInsideMergeKeepsItsOwnOrder() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Log.State(),
      reducer: Log {
        .merge(
          .concatenate(.log("1a", after: .seconds(2), on: clock), .log("1b", on: clock)),
          .log("2", after: .seconds(1), on: clock))
      },
      clock: clock, timeout: hangGuard)

    await store.send(.start)
    await clock.waitForSleepers(2)
    clock.advance(by: .seconds(1))
    await store.receive(.log("2")) { $0.entries = ["2"] }
    clock.advance(by: .seconds(1))
    await store.receive(.log("1a")) { $0.entries.append("1a") }
    await store.receive(.log("1b")) { $0.entries.append("1b") }
    await store.finish()
  }
}
