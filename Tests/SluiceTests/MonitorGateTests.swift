import Sluice
import Testing

private enum Action: Hashable, Sendable {
  case start, work(Int), done
}

@MainActor
@Suite struct MonitorGateTests {
  private func makeStore(_ recorder: EventRecorder<[String], Action>) -> Store<[String], Action> {
    Store(
      initialState: [String](),
      reducer: Reduce<[String], Action> { log, action in
        log.append("\(action)")
        guard action == .start else { return .none }
        return .merge(
          .run(name: "one") { send in await send(.work(1)) },
          .run(name: "two") { send in await send(.work(2)) })
      },
      monitor: recorder)
  }

  @Test func aHeldJobWaitsUntilReleased() async {
    let recorder = EventRecorder<[String], Action>()
    recorder.hold = { $0.name == "two" }
    let store = makeStore(recorder)

    let task = store.send(.start)
    await recorder.waitUntil { recorder.endedJobs.count == 1 }

    #expect(store.state == ["start", "work(1)"])
    #expect(store.jobs.map(\.name) == ["two"])
    #expect(store.jobs.map(\.status) == [.pending])
    #expect(!task.isFinished)

    store.release(store.jobs[0].id)
    await task.finish()
    #expect(store.state == ["start", "work(1)", "work(2)"])
  }

  @Test func cancellingAHeldJobEndsItWithoutRunning() async {
    let recorder = EventRecorder<[String], Action>()
    recorder.hold = { _ in true }
    let store = makeStore(recorder)

    let task = store.send(.start)
    for job in store.jobs { store.cancel(job.id) }
    await task.finish()

    #expect(store.state == ["start"])
    #expect(recorder.endedJobs.map(\.status) == [.cancelled, .cancelled])
    #expect(recorder.startedJobs.isEmpty)
  }

  @Test func theMonitorLaunchesEachJobsTaskHeldOnesWhenReleased() async {
    let recorder = EventRecorder<[String], Action>()
    recorder.hold = { $0.name == "two" }
    recorder.label = { "launched \($0.name)" }
    let store = Store(
      initialState: [String](),
      reducer: Reduce<[String], Action> { log, action in
        guard action == .start else { return .none }
        return .merge(
          .run(name: "one") { _ in await Labels.shared.note(JobLabel.current) },
          .run(name: "two") { _ in await Labels.shared.note(JobLabel.current) })
      },
      monitor: recorder)

    let task = store.send(.start)
    await recorder.waitUntil { recorder.endedJobs.count == 1 }
    store.release(store.jobs[0].id)
    await task.finish()
    // Each body sees what the monitor launched its task with, wherever the launch happened.
    #expect(await Labels.shared.noted == ["launched one", "launched two"])
  }

  @Test func theMonitorCanPauseBeforeAnActionAndTheStoreSteps() async {
    let recorder = EventRecorder<[String], Action>()
    recorder.pauseBefore = { $0 == .done }
    let store = makeStore(recorder)

    store.send(.done)
    #expect(store.isPaused)
    #expect(store.state.isEmpty)
    store.send(.start)
    #expect(store.queuedActions.map(\.action) == [.done, .start])

    #expect(store.step()?.sequence == 1)
    #expect(store.state == ["done"])
    #expect(store.step()?.sequence == 2)
    #expect(store.state == ["done", "start"])
    #expect(store.isPaused)
    // Jobs keep running while paused; what they send waits in the queue.
    await recorder.waitUntil { recorder.endedJobs.count == 2 }
    #expect(Set(store.queuedActions.map(\.action)) == [.work(1), .work(2)])

    store.resume()
    #expect(store.queuedActions.isEmpty)
    #expect(store.state.count == 4)
    #expect(recorder.events.contains { if case .paused = $0 { true } else { false } })
    #expect(recorder.events.contains { if case .resumed = $0 { true } else { false } })
  }

  @Test func didReduceCarriesThePreviousStateWhenAsked() {
    let recorder = EventRecorder<[String], Action>()
    recorder.wantsPreviousState = true
    let store = makeStore(recorder)

    store.send(.done)
    store.send(.done)

    let transitions = recorder.events.compactMap { event -> ([String]?, [String])? in
      if case .didReduce(_, _, let old, let new, _) = event { (old, new) } else { nil }
    }
    #expect(transitions.map(\.0) == [[], ["done"]])
    #expect(transitions.map(\.1) == [["done"], ["done", "done"]])
  }
}

@MainActor
@Suite struct ReplaceStateTests {
  @Test func replacingTheStateNotifiesTheMonitorAndObservers() async {
    let recorder = EventRecorder<Int, Int>()
    let store = Store(
      initialState: 0, reducer: Reduce<Int, Int> { total, amount in total += amount; return .none },
      monitor: recorder)
    var states = store.states.makeAsyncIterator()

    store.send(2)
    store.replaceState(with: 40)
    store.send(2)

    #expect(store.state == 42)
    #expect(await states.next() == 0)
    #expect(await states.next() == 2)
    #expect(await states.next() == 40)
    #expect(await states.next() == 42)
    let replacements = recorder.events.compactMap { event -> (Int, Int)? in
      if case .stateReplaced(let old, let new) = event { (old, new) } else { nil }
    }
    #expect(replacements.map(\.0) == [2])
    #expect(replacements.map(\.1) == [40])
  }
}

/// The labels the jobs of one test saw, in the order they ran.
private actor Labels {
  static let shared = Labels()
  private(set) var noted: [String?] = []
  func note(_ label: String?) { noted.append(label) }
}
