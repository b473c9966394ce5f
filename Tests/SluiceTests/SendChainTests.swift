import Sluice
import Testing

/// A chain of `.send` effects on a store without middleware or monitor is followed inline by
/// `send`'s fast path; it must do exactly what the queue does: the same order, the same
/// contexts for the work at its end, and a re-entrant send still waits its turn.
@MainActor
@Suite struct SendChainTests {
  struct Chain: Reducer {
    struct State: Equatable, Sendable { var log: [String] = [] }
    enum Action: Equatable, Sendable { case first, second, third, reentrant, work, done }
    /// Sends from inside a reduction, as a delegate calling back into the store would.
    let callBack: @Sendable @MainActor (Action) -> Void

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.log.append("\(action)")
      switch action {
      case .first: return .send(.second)
      case .second: return .send(.third)
      case .third: return .none
      case .reentrant:
        // The store reduces on the main actor.
        MainActor.assumeIsolated { callBack(.third) }
        return .send(.second)
      case .work: return .send(.done)
      case .done: return .run(name: "after the chain") { _ in try await Task.sleep(for: .seconds(3600)) }
      }
    }
  }

  @MainActor final class Holder { var store: Store<Chain.State, Chain.Action>? }

  @Test func aChainIsReducedInOrderBeforeSendReturns() {
    let store = Store(initialState: Chain.State(), reducer: Chain(callBack: { _ in }))
    store.send(.first)
    #expect(store.state.log == ["first", "second", "third"])
    store.send(.first)
    #expect(store.state.log.count == 6)
  }

  @Test func aReentrantSendIsReducedBeforeTheFollowUpItQueuedAhead() {
    let holder = Holder()
    let store = Store(initialState: Chain.State(), reducer: Chain(callBack: { holder.store?.send($0) }))
    holder.store = store
    store.send(.reentrant)
    // The queue's order: `.third` was queued during `.reentrant`'s reduction, before the
    // `.send(.second)` it returned; `.second` then sends `.third` again.
    #expect(store.state.log == ["reentrant", "third", "second", "third"])
  }

  @Test func workAtTheEndOfAChainBelongsToTheLastAction() async {
    let store = Store(initialState: Chain.State(), reducer: Chain(callBack: { _ in }))
    let task = store.send(.work)
    let job = try! #require(store.jobs.first)
    #expect(job.name == "after the chain")
    #expect(job.parent.sequence == task.root + 1)
    #expect(job.parent.parent == task.root)
    #expect(job.parent.depth == 1)
    #expect(job.parent.origin == .effect)
    store.cancelAllJobs()
    await task.finish()
  }
}
