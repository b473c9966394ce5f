import Sluice
import Testing

private struct Failure: Error, CustomStringConvertible {
  var description: String { "the server said no" }
}

@MainActor
@Suite struct EffectErrorTests {
  @Test func anUnhandledErrorEndsTheJobAsFailedAndIsReported() async {
    let recorder = EventRecorder<Log.State, Log.Action>()
    let store = Store(
      initialState: Log.State(),
      reducer: Log { .run(name: "fetch") { _ in throw Failure() } },
      monitor: recorder)

    await store.send(.start).finish()

    #expect(recorder.endedJobs.map(\.status) == [.failed("the server said no")])
    #expect(recorder.endedJobs.map(\.name) == ["fetch"])
  }

  @Test func anErrorHandlerTurnsTheErrorIntoAnAction() async {
    let recorder = EventRecorder<Log.State, Log.Action>()
    let store = Store(
      initialState: Log.State(),
      reducer: Log {
        .run(name: "fetch") { _ in throw Failure() } catch: { error, send in
          await send(.log("caught: \(error)"))
        }
      },
      monitor: recorder)

    await store.send(.start).finish()

    #expect(store.state.entries == ["caught: the server said no"])
    #expect(recorder.endedJobs.map(\.status) == [.finished])
  }

  @Test func mappedEffectsKeepTheirHandlerAndName() async {
    let store = Store(
      initialState: [String](),
      reducer: Reduce<[String], String> { log, action in
        log.append(action)
        guard action == "start" else { return .none }
        let child = Effect<Int>.run(name: "child") { _ in throw Failure() } catch: { _, send in
          await send(42)
        }
        return child.map { "mapped \($0)" }
      })

    await store.send("start").finish()

    #expect(store.state == ["start", "mapped 42"])
  }
}
