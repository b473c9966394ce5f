import Sluice
import Testing

/// Subscriptions start with the store, deliver through its queue, are never waited for, and
/// end with it.
@MainActor
@Suite struct SubscriptionTests {
  private typealias Recorder = EventRecorder<Log.State, Log.Action>

  /// A subscription to a stream the test feeds, and the continuation that feeds it.
  private func feed() -> (Subscription<Log.Action>, AsyncStream<String>.Continuation) {
    let (stream, continuation) = AsyncStream<String>.makeStream()
    let subscription = Subscription<Log.Action>.sequence(name: "feed", { stream }, action: Log.Action.log)
    return (subscription, continuation)
  }

  @Test func whatASubscriptionSendsIsReducedInOrderEachAChainOfItsOwn() async {
    let recorder = Recorder()
    let (subscription, input) = feed()
    let store = Store(
      initialState: Log.State(), reducer: Log { .none }, subscriptions: [subscription], monitor: recorder)
    #expect(store.jobs.map(\.kind) == [.subscription])
    input.yield("a")
    input.yield("b")
    await recorder.waitUntil { recorder.reducedActions.count == 2 }
    #expect(store.state.entries == ["a", "b"])
    let contexts = recorder.reducedContexts
    #expect(contexts.map(\.depth) == [0, 0])
    #expect(contexts.map(\.parent) == [nil, nil])
    #expect(contexts.allSatisfy { $0.root == $0.sequence })
    #expect(contexts.allSatisfy { $0.origin == .job(store.jobs[0].id) })
  }

  @Test func idleReturnsWhileASubscriptionListens() async {
    let (subscription, input) = feed()
    let store = Store(initialState: Log.State(), reducer: Log { .none }, subscriptions: [subscription])
    input.yield("a")
    await store.idle()
    #expect(!store.hasWorkInFlight)
    #expect(store.jobs.count == 1)
  }

  /// A subscription that listens to a stream of its own each time it starts, and the feeds
  /// of those streams, one per start, as the subscription makes them.
  private func freshFeeds() -> (Subscription<Log.Action>, AsyncStream<AsyncStream<String>.Continuation>) {
    let (feeds, newFeed) = AsyncStream.makeStream(of: AsyncStream<String>.Continuation.self)
    let subscription = Subscription<Log.Action>.sequence(
      name: "feed",
      {
        // A stream ends when a task listening to it is cancelled: a restart needs a new one.
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        newFeed.yield(continuation)
        return stream
      }, action: Log.Action.log)
    return (subscription, feeds)
  }

  @Test func cancellingEveryJobEndsASubscriptionAndRestartingListensAgain() async {
    let recorder = Recorder()
    let (first, feeds) = freshFeeds()
    var listening = feeds.makeAsyncIterator()
    let store = Store(initialState: Log.State(), reducer: Log { .none }, subscriptions: [first], monitor: recorder)
    _ = await listening.next()
    store.cancelAllJobs()
    await recorder.waitUntil { recorder.endedJobs.count == 1 }
    #expect(recorder.endedJobs.first?.status == .cancelled)
    #expect(store.jobs.isEmpty)

    store.restartSubscriptions()
    #expect(store.jobs.map(\.kind) == [.subscription])
    let input = await listening.next()
    input?.yield("again")
    await recorder.waitUntil { recorder.reducedActions.count == 1 }
    #expect(store.state.entries == ["again"])
  }

  @Test func restartingEndsTheRunningSubscriptionAndStartsAFreshOne() async {
    let recorder = Recorder()
    let clock = ManualClock()
    let ticks = Subscription<Log.Action>(name: "ticks") { send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(.log("tick"))
      }
    }
    let store = Store(
      initialState: Log.State(), reducer: Log { .none }, subscriptions: [ticks], clock: clock, monitor: recorder)
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await recorder.waitUntil { recorder.reducedActions.count == 1 }

    store.restartSubscriptions()
    await recorder.waitUntil { recorder.endedJobs.count == 1 }
    #expect(recorder.endedJobs.first?.status == .cancelled)
    await clock.waitForSleepers(1)
    clock.advance(by: .seconds(1))
    await recorder.waitUntil { recorder.reducedActions.count == 2 }
    #expect(store.state.entries == ["tick", "tick"])
    #expect(store.jobs.count == 1)
  }

  @Test func releasingTheStoreEndsItsSubscriptions() async {
    let recorder = Recorder()
    let (subscription, input) = feed()
    var store: Store<Log.State, Log.Action>? = Store(
      initialState: Log.State(), reducer: Log { .none }, subscriptions: [subscription], monitor: recorder)
    weak let weakStore = store
    await recorder.waitUntil { recorder.startedJobs.count == 1 }
    store = nil
    #expect(weakStore == nil)
    await recorder.waitUntil { recorder.endedJobs.count == 1 }
    #expect(recorder.endedJobs.first?.status == .cancelled)
    input.finish()
  }
}
