import SluiceMacroSupport
import SluiceTesting
import Testing

@MainActor
@Suite struct FeatureTests {
  @Test func aBodyFeatureReducesThroughItsBody() async {
    let store = TestStore(initialState: Tally.State(), reducer: Tally(), timeout: hangGuard)
    await store.send(.add(amount: 2)) { $0.count = 2 }
    await store.send(.note("hi", times: 2)) { $0.notes = ["hi", "hi"] }
    await store.send(.reset) { $0 = Tally.State() }
    await store.finish()
  }

  @Test func aBuilderBodyRunsEveryReducerItLists() async {
    let store = TestStore(initialState: Board.State(), reducer: Board(), timeout: hangGuard)
    await store.send(.tally(.add(amount: 5))) { $0.tally.count = 5 }
    await store.send(.select(3)) { $0.selected = 3 }
    await store.finish()
  }
}
