import Sluice
import Testing

/// A reducer that records the order of reductions and notices being re-entered.
private final class ReductionJournal {
  var order: [String] = []
  var nesting = 0
  var maximumNesting = 0
}

private enum Step: Equatable, Sendable {
  case a, b, c, d, x
}

@MainActor
@Suite struct DispatchOrderTests {
  private func journalingReducer(_ journal: ReductionJournal) -> Reduce<Int, Step> {
    Reduce { count, step in
      journal.nesting += 1
      journal.maximumNesting = max(journal.maximumNesting, journal.nesting)
      defer { journal.nesting -= 1 }
      journal.order.append("\(step)")
      count += 1
      switch step {
      case .a: return .merge(.send(.b), .send(.c))
      case .b: return .send(.d)
      case .c, .d, .x: return .none
      }
    }
  }

  @Test func followUpsAreReducedFirstInFirstOutAfterTheCurrentAction() {
    let journal = ReductionJournal()
    let store = Store(initialState: 0, reducer: journalingReducer(journal))

    store.send(.a)

    // Breadth-first: `.d`, sent while reducing `.b`, waits behind `.c`.
    #expect(journal.order == ["a", "b", "c", "d"])
    #expect(journal.maximumNesting == 1)
    #expect(store.state == 4)
  }

  @Test func aSendFromInsideTheDrainIsQueuedNotNested() {
    let journal = ReductionJournal()
    let recorder = EventRecorder<Int, Step>()
    let store = Store(initialState: 0, reducer: journalingReducer(journal), monitor: recorder)
    var sentReentrantly = false
    recorder.onEvent = { event in
      // Sending from inside the store's own reduction of `.a`, as an observer might.
      if case .willReduce(.a, _) = event, !sentReentrantly {
        sentReentrantly = true
        store.send(.x)
      }
    }

    store.send(.a)

    #expect(journal.order == ["a", "x", "b", "c", "d"])
    #expect(journal.maximumNesting == 1)
    let contexts = recorder.reducedContexts
    #expect(contexts.map(\.depth) == [0, 0, 1, 1, 2])
    #expect(contexts[1].origin == .external)
    #expect(contexts[2].parent == contexts[0].sequence)
    #expect(contexts[4].parent == contexts[2].sequence)
  }

  @Test func aSendFromTheMonitorAsAnActionIsQueuedWaitsBehindIt() {
    let journal = ReductionJournal()
    let recorder = EventRecorder<Int, Step>()
    let store = Store(initialState: 0, reducer: journalingReducer(journal), monitor: recorder)
    recorder.onEvent = { event in
      // Nothing is queued when `.c` arrives, so it takes the store's shortcut past the queue.
      if case .queued(.c, _) = event { store.send(.x) }
    }

    store.send(.c)

    #expect(journal.order == ["c", "x"])
    #expect(journal.maximumNesting == 1)
  }

  @Test func aLongChainOfFollowUpsRunsWithoutGrowingTheStack() {
    var stackAddresses: (lowest: Int, highest: Int) = (.max, .min)
    let chainLength = 100_000
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int> { reductions, remaining in
        var marker = 0
        let address = withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
        stackAddresses = (min(stackAddresses.lowest, address), max(stackAddresses.highest, address))
        reductions += 1
        return remaining > 0 ? .send(remaining - 1) : .none
      })

    store.send(chainLength)

    #expect(store.state == chainLength + 1)
    // Nested reductions would move each frame down the stack; a drain loop reuses one.
    #expect(stackAddresses.highest - stackAddresses.lowest < 4096)
  }

  @Test func sequenceNumbersParentsAndDepthDescribeTheCausalChain() async {
    let recorder = EventRecorder<Int, Step>()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Step> { _, step in
        switch step {
        case .a: return .run(name: "then-b") { send in await send(.b) }
        case .b: return .send(.c)
        default: return .none
        }
      },
      monitor: recorder)

    await store.send(.a).finish()

    let contexts = recorder.reducedContexts
    #expect(recorder.reducedActions == [.a, .b, .c])
    #expect(contexts.map(\.depth) == [0, 1, 2])
    #expect(contexts.map(\.root) == Array(repeating: contexts[0].sequence, count: 3))
    #expect(contexts[1].parent == contexts[0].sequence)
    #expect(contexts[2].parent == contexts[1].sequence)
    guard case .job(let job) = contexts[1].origin else {
      Issue.record("`.b` should come from a job, came from \(contexts[1].origin)")
      return
    }
    #expect(recorder.endedJobs.map(\.id) == [job])
    #expect(recorder.endedJobs.first?.name == "then-b")
    #expect(contexts[2].origin == .effect)
    #expect(Set(contexts.map(\.sequence)).count == 3)
  }
}
