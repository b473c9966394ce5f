import ExampleFeatures
import ExampleRegistry
import Sluice
import SluiceDebuggerTesting
import SluiceTesting
import Testing

/// `cancelJobs(named:)`: the debugger's `cancel NAME` in a test, as an exported session
/// replays it.
@MainActor
@Suite struct CancelJobsTests {
  @Test func aCancelledLoadNeverAnswers() async throws {
    let clock = ManualClock()
    let store: TestStore<Todos.State, Todos.Action> = try TestStore(feature: "todos", in: exampleFeatures, clock: clock)
    await store.send(.load) { $0.operations.inFlight = [.load: 1] }
    await store.cancelJobs(named: "load todos")
    // Past the API's latency: a load still running would answer here, and finish would fail.
    await store.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func cancellingAJobThatIsNotRunningIsAnIssueNamingTheRunningOnes() async throws {
    let clock = ManualClock()
    let store: TestStore<Todos.State, Todos.Action> = try TestStore(feature: "todos", in: exampleFeatures, clock: clock)
    await store.send(.load) { $0.operations.inFlight = [.load: 1] }
    await withKnownIssue {
      await store.cancelJobs(named: "save todos")
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "No running job is named 'save todos'; running: 'load todos'." }
    }
    await store.skipInFlightEffects()
    await store.finish()
  }
}
