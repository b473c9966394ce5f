// Exported by sluice on 2026-11-28 from a debugging session of the feature 'todos':
// its 7 actions, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct TodosSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<Todos.State, Todos.Action> = try TestStore(
      feature: "todos", in: exampleFeatures, clock: clock)

    await store.send(.add(title: "Milk")) {
      $0.todos = [Todo(id: 1, title: "Milk", isDone: false)]
    }

    await store.send(.add(title: "Bread")) {
      $0.todos = [Todo(id: 1, title: "Milk", isDone: false), Todo(id: 2, title: "Bread", isDone: false)]
    }

    await store.send(.toggle(id: 1)) {
      $0.todos[0].isDone = true
    }

    await store.send(.setFilter(.active)) {
      $0.filter = .active
    }

    await store.send(.load) {
      $0.operations.inFlight = [.load: 1]
    }

    await store.advance(by: .milliseconds(500))
    await store.receive(
      .loadResponse(
        [
          Todo(id: 1, title: "Buy milk", isDone: false),
          Todo(id: 2, title: "Walk the dog", isDone: true),
          Todo(id: 3, title: "Write the report", isDone: false)
        ]
      )
    ) {
      $0.todos = [
        Todo(id: 1, title: "Buy milk", isDone: false),
        Todo(id: 2, title: "Walk the dog", isDone: true),
        Todo(id: 3, title: "Write the report", isDone: false)
      ]
      $0.operations.inFlight = [:]
    }

    await store.send(.delete(id: 1)) {
      $0.todos = [
        Todo(id: 2, title: "Walk the dog", isDone: true),
        Todo(id: 3, title: "Write the report", isDone: false)
      ]
    }

    await store.finish()
  }
}
