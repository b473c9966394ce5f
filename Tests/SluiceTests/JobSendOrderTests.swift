import Sluice
import Testing

/// What a job's `send` promises about order, wherever the job's body runs: its actions are
/// reduced in the order it sent them, after what the store had already taken in, and
/// `finish()` waits for every one of them.
@MainActor
@Suite struct JobSendOrderTests {
  @Test func aJobsActionsAreReducedInTheOrderItSentThem() async {
    let recorder = EventRecorder<Log.State, Log.Action>()
    let store = Store(
      initialState: Log.State(),
      reducer: Log {
        .run(name: "counter") { send in
          for number in 0..<200 { await send(.log("\(number)")) }
        }
      },
      monitor: recorder)

    let task = store.send(.start)
    await task.finish()

    #expect(store.state.entries == (0..<200).map { "\($0)" })
    let job = recorder.startedJobs[0].id
    let sent = recorder.reducedContexts.dropFirst()
    #expect(sent.allSatisfy { $0.origin == .job(job) && $0.parent == task.root && $0.depth == 1 })
  }

  @Test func twoJobsRunningAtOnceEachKeepTheirOwnOrder() async {
    let store = Store(
      initialState: Log.State(),
      reducer: Log {
        .merge(
          .run(name: "a") { send in for number in 0..<100 { await send(.log("a\(number)")) } },
          .run(name: "b") { send in for number in 0..<100 { await send(.log("b\(number)")) } })
      })

    await store.send(.start).finish()

    #expect(store.state.entries.filter { $0.hasPrefix("a") } == (0..<100).map { "a\($0)" })
    #expect(store.state.entries.filter { $0.hasPrefix("b") } == (0..<100).map { "b\($0)" })
  }

  @Test func anActionSentWhileAJobWaitsComesAfterWhatTheJobSentBeforeWaiting() async {
    let clock = ManualClock()
    let store = Store(
      initialState: Log.State(),
      reducer: Log {
        .run(name: "slow") { send in
          await send(.log("job before"))
          try await clock.sleep(for: .seconds(1))
          await send(.log("job after"))
        }
      },
      clock: clock)

    let task = store.send(.start)
    await clock.waitForSleepers(1)
    store.send(.log("user"))
    #expect(store.state.entries == ["job before", "user"])
    clock.advance(by: .seconds(1))
    await task.finish()

    #expect(store.state.entries == ["job before", "user", "job after"])
  }

  @Test func finishWaitsForEveryActionAJobSentUpToItsLast() async {
    let store = Store(
      initialState: Log.State(),
      reducer: Log {
        .run(name: "burst") { send in
          // Ends straight after its last send: the end must not overtake what it sent.
          for number in 0..<50 { await send(.log("\(number)")) }
        }
      })

    for round in 1...20 {
      let task = store.send(.start)
      await task.finish()
      #expect(task.isFinished)
      #expect(store.state.entries.count == 50 * round)
    }
    #expect(!store.hasWorkInFlight)
  }

  @Test func aJobIsReportedStartedBeforeWhatItSentAndEndedAfterIt() async {
    let recorder = EventRecorder<Log.State, Log.Action>()
    let store = Store(
      initialState: Log.State(),
      reducer: Log {
        .run(name: "pair") { send in
          await send(.log("one"))
          await send(.log("two"))
        }
      },
      monitor: recorder)

    await store.send(.start).finish()

    let lifecycle: [String] = recorder.events.compactMap {
      switch $0 {
      case .jobScheduled: "scheduled"
      case .jobStarted: "started"
      case .jobSent(let action, _): "sent \(action)"
      case .didReduce(let action, _, _, _, _): "reduced \(action)"
      case .jobEnded(let job): "ended \(job.status)"
      default: nil
      }
    }
    #expect(
      lifecycle == [
        "reduced start", "scheduled", "started", "sent log(\"one\")", "reduced log(\"one\")",
        "sent log(\"two\")", "reduced log(\"two\")", "ended finished",
      ])
  }

  @Test func whatACancelledJobSendsAfterItsCancellationIsDroppedAndReportedInOrder() async {
    let clock = ManualClock()
    let recorder = EventRecorder<Log.State, Log.Action>()
    let store = Store(
      initialState: Log.State(),
      reducer: Log {
        .run(name: "stubborn") { send in
          await send(.log("before"))
          // Ignores its cancellation, then goes on sending.
          try? await clock.sleep(for: .seconds(1))
          await send(.log("after 1"))
          await send(.log("after 2"))
        }
        .cancellable(id: "stubborn")
      },
      clock: clock, monitor: recorder)

    let task = store.send(.start)
    await clock.waitForSleepers(1)
    let job = store.jobs[0].id
    store.send(.cancel("stubborn"))
    await task.finish()

    #expect(store.state.entries == ["before"])
    #expect(recorder.drops.map(\.0) == [.log("after 1"), .log("after 2")])
    #expect(recorder.drops.map(\.1) == [.jobCancelled(job), .jobCancelled(job)])
    #expect(recorder.endedJobs.map(\.status) == [.cancelled])
  }
}
