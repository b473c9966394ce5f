import Sluice
import Testing

/// A reducer whose dependency calls back into the store synchronously, as a delegate would.
private struct Echo: Reducer {
  struct State: Equatable, Sendable {
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case first, second, third
  }

  let delegate: Delegate

  @MainActor
  final class Delegate {
    weak var store: Store<State, Action>?
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append("\(action)")
    if action == .first {
      MainActor.assumeIsolated { _ = delegate.store?.send(.second) }
      // Queued behind `.second`, which was already waiting: first in, first out.
      return .send(.third)
    }
    return .none
  }
}

/// A middleware that sends into the store itself instead of returning an effect.
private struct Plain: Reducer {
  typealias State = Echo.State
  typealias Action = Echo.Action

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append("\(action)")
    return .none
  }
}

@MainActor
@Suite struct ReentrantSendTests {
  private func makeEcho(monitored: Bool) -> Store<Echo.State, Echo.Action> {
    let delegate = Echo.Delegate()
    let store = Store(
      initialState: Echo.State(), reducer: Echo(delegate: delegate),
      monitor: monitored ? EventRecorder<Echo.State, Echo.Action>() : nil)
    delegate.store = store
    return store
  }

  @Test(arguments: [false, true])
  func aSendFromInsideAReductionIsReducedBeforeTheOuterSendReturns(monitored: Bool) async throws {
    let store = makeEcho(monitored: monitored)

    store.send(.first)

    #expect(store.state.log == ["first", "second", "third"])
    // Checked before waiting: a stranded action would make `idle()` wait forever.
    try #require(store.queuedActions.isEmpty)
    await store.idle()
  }

  @Test(arguments: [false, true])
  func aSendFromAMiddlewareIsReducedBeforeTheOuterSendReturns(monitored: Bool) async throws {
    @MainActor final class Box {
      var store: Store<Plain.State, Plain.Action>?
    }
    let box = Box()
    let middleware = Middleware<Plain.State, Plain.Action>(name: "echo") { action, _ in
      if action == .first {
        MainActor.assumeIsolated { _ = box.store?.send(.third) }
      }
      return .none
    }
    let store = Store(
      initialState: Plain.State(), reducer: Plain(), middleware: [middleware],
      monitor: monitored ? EventRecorder<Plain.State, Plain.Action>() : nil)
    box.store = store

    store.send(.first)

    #expect(store.state.log == ["first", "third"])
    // Checked before waiting: a stranded action would make `idle()` wait forever.
    try #require(store.queuedActions.isEmpty)
    await store.idle()
  }
}
