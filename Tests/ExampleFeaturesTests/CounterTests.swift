import ExampleFeatures
import SluiceTesting
import Testing

@MainActor
struct CounterTests {
  @Test func incrementAddsTheStep() async {
    let store = TestStore(initialState: Counter.State(count: 1, step: 3), reducer: Counter(), timeout: hangGuard)
    await store.send(.increment) { $0.count = 4 }
    await store.send(.increment) { $0.count = 7 }
    await store.finish()
  }

  @Test func decrementSubtractsTheStepPastZero() async {
    let store = TestStore(initialState: Counter.State(count: 1, step: 2), reducer: Counter(), timeout: hangGuard)
    await store.send(.decrement) { $0.count = -1 }
    await store.finish()
  }

  @Test func setStepChangesLaterMovesButNotTheCount() async {
    let store = TestStore(initialState: Counter.State(count: 5), reducer: Counter(), timeout: hangGuard)
    await store.send(.setStep(10)) { $0.step = 10 }
    await store.send(.increment) { $0.count = 15 }
    await store.send(.setStep(-1)) { $0.step = -1 }
    await store.send(.increment) { $0.count = 14 }
    await store.finish()
  }

  @Test func resetZeroesTheCountAndKeepsTheStep() async {
    let store = TestStore(initialState: Counter.State(count: 42, step: 7), reducer: Counter(), timeout: hangGuard)
    await store.send(.reset) { $0.count = 0 }
    #expect(store.state.step == 7)
    await store.finish()
  }

  @Test func hugeStepsWrapInsteadOfCrashing() async {
    let store = TestStore(initialState: Counter.State(count: .max, step: 1), reducer: Counter(), timeout: hangGuard)
    await store.send(.increment) { $0.count = .min }
    await store.finish()
  }
}
