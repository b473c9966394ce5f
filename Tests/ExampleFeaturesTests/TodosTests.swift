import ExampleFeatures
import Sluice
import SluiceTesting
import Testing

@MainActor
struct TodosTests {
  let milk = Todo(id: 1, title: "Milk")
  let bread = Todo(id: 2, title: "Bread", isDone: true)
  let eggs = Todo(id: 3, title: "Eggs")

  // MARK: - Editing

  @Test func addTrimsTheTitleAndTakesTheNextFreeID() async {
    let store = TestStore(initialState: Todos.State(todos: [milk, eggs]), reducer: Todos(), timeout: hangGuard)
    await store.send(.add(title: "  Butter \n")) {
      $0.todos.append(Todo(id: 4, title: "Butter"))
    }
    await store.finish()
  }

  @Test func addIgnoresABlankTitle() async {
    let store = TestStore(initialState: Todos.State(todos: [milk]), reducer: Todos(), timeout: hangGuard)
    await store.send(.add(title: " \t "))
    await store.send(.add(title: ""))
    #expect(store.state.todos == [milk])
    await store.finish()
  }

  @Test func toggleFlipsOnlyThatItem() async {
    let store = TestStore(initialState: Todos.State(todos: [milk, bread]), reducer: Todos(), timeout: hangGuard)
    await store.send(.toggle(id: 1)) { $0.todos[0].isDone = true }
    await store.send(.toggle(id: 2)) { $0.todos[1].isDone = false }
    await store.send(.toggle(id: 99))
    await store.finish()
  }

  @Test func deleteRemovesOnlyThatItem() async {
    let store = TestStore(initialState: Todos.State(todos: [milk, bread, eggs]), reducer: Todos(), timeout: hangGuard)
    await store.send(.delete(id: 2)) { $0.todos = [milk, eggs] }
    await store.send(.delete(id: 2))
    await store.finish()
  }

  @Test func filterChoosesTheVisibleTodos() async {
    let store = TestStore(initialState: Todos.State(todos: [milk, bread, eggs]), reducer: Todos(), timeout: hangGuard)
    #expect(store.state.visibleTodos == [milk, bread, eggs])
    await store.send(.setFilter(.active)) { $0.filter = .active }
    #expect(store.state.visibleTodos == [milk, eggs])
    await store.send(.setFilter(.completed)) { $0.filter = .completed }
    #expect(store.state.visibleTodos == [bread])
    await store.send(.setFilter(.all)) { $0.filter = .all }
    #expect(store.state.visibleTodos == [milk, bread, eggs])
    await store.finish()
  }

  // MARK: - Loading

  @Test func loadReplacesTheListAfterTheLatency() async {
    let clock = CountingTestClock()
    let api = InMemoryTodosAPI(todos: [milk, bread], latency: .seconds(1), clock: clock)
    let store = TestStore(
      initialState: Todos.State(todos: [eggs]), reducer: Todos(api: api), clock: clock, timeout: hangGuard)

    await store.send(.load) { $0.operations.begin(.load) }
    #expect(store.state.isLoading)
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .milliseconds(999))
    #expect(store.state.todos == [eggs])
    await clock.advance(by: .milliseconds(1))
    await store.receive(.loadResponse([milk, bread])) {
      $0.todos = [milk, bread]
      $0.operations.end(.load)
    }
    #expect(!store.state.isLoading)
    await store.finish()
  }

  @Test func loadFailureKeepsTheListAndTheNextLoadClearsIt() async {
    let clock = CountingTestClock()
    let api = InMemoryTodosAPI(
      todos: [milk], latency: .seconds(1), clock: clock,
      failures: .next(1, message: "Server unavailable"))
    let store = TestStore(
      initialState: Todos.State(todos: [eggs]), reducer: Todos(api: api), clock: clock, timeout: hangGuard)
    let failure = AsyncFailure(message: "Server unavailable")

    await store.send(.load) { $0.operations.begin(.load) }
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.loadFailed(failure)) { $0.operations.end(.load, failure: failure) }
    #expect(store.state.loadFailure == failure)
    #expect(store.state.todos == [eggs])

    await store.send(.load) { $0.operations.begin(.load) }
    #expect(store.state.loadFailure == nil)
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.loadResponse([milk])) {
      $0.todos = [milk]
      $0.operations.end(.load)
    }
    await store.finish()
  }

  @Test func cancelLoadLeavesTheStateAsItWasAndReceivesNothing() async {
    let clock = CountingTestClock()
    let api = InMemoryTodosAPI(todos: [milk, bread], latency: .seconds(1), clock: clock)
    let initialState = Todos.State(todos: [eggs])
    let store = TestStore(initialState: initialState, reducer: Todos(api: api), clock: clock, timeout: hangGuard)

    await store.send(.load) { $0.operations.begin(.load) }
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .milliseconds(500))
    await store.send(.cancelLoad) { $0.operations.end(.load) }
    #expect(store.state == initialState)
    await clock.waitForSleeps(active: 0)
    // Well past the latency: a load that survived the cancel would answer now.
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state == initialState)
    #expect(await api.fetchCount == 1)
  }

  @Test func cancelLoadWithNothingLoadingDoesNothing() async {
    let store = TestStore(initialState: Todos.State(todos: [milk]), reducer: Todos(), timeout: hangGuard)
    await store.send(.cancelLoad)
    await store.finish()
  }

  @Test func aSecondLoadCancelsTheFirstAndWins() async {
    let clock = CountingTestClock()
    let api = InMemoryTodosAPI(todos: [milk], latency: .seconds(1), clock: clock)
    let store = TestStore(initialState: Todos.State(), reducer: Todos(api: api), clock: clock, timeout: hangGuard)

    await store.send(.load) { $0.operations.begin(.load) }
    await clock.waitForSleeps(active: 1)
    await clock.advance(by: .milliseconds(500))
    await api.setTodos([bread, eggs])
    // Still one load in flight: the first is replaced, not added to.
    await store.send(.load)
    #expect(store.state.operations.inFlight == [.load: 1])
    // The second load is asleep and the cancelled first one has unwound.
    await clock.waitForSleeps(active: 1, started: 2)

    // The first load's deadline passes; it was cancelled, so nothing may arrive.
    await clock.advance(by: .milliseconds(500))
    #expect(store.state.todos == [])
    await clock.advance(by: .milliseconds(500))
    await store.receive(.loadResponse([bread, eggs])) {
      $0.todos = [bread, eggs]
      $0.operations.end(.load)
    }
    await store.finish()
    #expect(await api.fetchCount == 2)
  }
}
