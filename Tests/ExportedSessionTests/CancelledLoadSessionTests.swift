// Exported by sluice on 2026-11-28 from a debugging session of the feature 'todos':
// its 2 actions, replayed with TestStore.
import ExampleRegistry
import Foundation
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

@testable import ExampleFeatures

@MainActor
@Suite struct CancelledLoadSessionTests {
  @Test func replaysTheSession() async throws {
    let clock = ManualClock()
    let store: TestStore<Todos.State, Todos.Action> = try TestStore(
      feature: "todos", in: exampleFeatures, clock: clock)

    await store.send(.load) {
      $0.operations.inFlight = [.load: 1]
    }

    await store.advance(by: .milliseconds(200))
    await store.cancelJobs(named: "load todos")

    await store.advance(by: .milliseconds(500))
    await store.send(.add(title: "Tea")) {
      $0.todos = [Todo(id: 1, title: "Tea", isDone: false)]
    }

    await store.finish()
  }
}
