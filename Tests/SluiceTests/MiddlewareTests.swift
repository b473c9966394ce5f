import Sluice
import Testing

private struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var finishedMiddleware: Set<String> = []
    /// The middleware that finished, in order.
    var finishOrder: [String] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case middlewareFinished(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .middlewareFinished(let name):
      state.finishedMiddleware.insert(name)
      state.finishOrder.append(name)
    }
    return .none
  }
}

/// Collects what a middleware saw or sent.
@MainActor
private final class Collector<Value> {
  var values: [Value] = []
}

@MainActor
@Suite struct MiddlewareTests {
  @Test func middlewareSeesTheStateAfterTheReducer() async {
    let seen = Collector<Int>()
    let observer = Middleware<Counter.State, Counter.Action>(name: "observer") { action, state, _ in
      if action == .increment { await MainActor.run { seen.values.append(state.count) } }
    }
    let store = Store(initialState: Counter.State(), reducer: Counter(), middleware: [observer])

    await store.send(.increment).finish()
    await store.send(.increment).finish()

    #expect(seen.values == [1, 2])
  }

  @Test func middlewareOfOneActionRunConcurrently() async {
    let clock = ManualClock()
    let recorder = EventRecorder<Counter.State, Counter.Action>()
    let sleepers = ["first", "second"].map { name in
      Middleware<Counter.State, Counter.Action>(name: name) { action, _, send in
        guard action == .increment else { return }
        try await clock.sleep(for: .milliseconds(100))
        await send(.middlewareFinished(name))
      }
    }
    let store = Store(
      initialState: Counter.State(), reducer: Counter(), middleware: sleepers, clock: clock,
      monitor: recorder)

    let task = store.send(.increment)
    await clock.waitForSleepers(2)
    // One 100 ms advance finishes both: run one after the other, they would need 200 ms.
    clock.advance(by: .milliseconds(100))
    await task.finish()

    #expect(store.state.finishedMiddleware == ["first", "second"])
    // Middleware run for every action, the ones they send included: look at the increment's.
    let incrementJobs = recorder.startedJobs.filter { $0.parent.sequence == task.root }
    #expect(incrementJobs.map(\.kind) == [.middleware, .middleware])
    // Both run at once, and each reports its start from its own task: in either order.
    #expect(incrementJobs.map(\.name).sorted() == ["first", "second"])
    #expect(recorder.startedJobs.count == 6)
  }

  @Test func aMiddlewareCanBeTestedWithAPlainClosureAsSend() async throws {
    let sent = Collector<Counter.Action>()
    let echo = Middleware<Counter.State, Counter.Action>(name: "echo") { action, state, send in
      if action == .increment, state.count > 1 { await send(.middlewareFinished("echo")) }
    }

    try await echo.run(
      action: .increment, state: Counter.State(count: 2), send: Send { sent.values.append($0) })
    try await echo.run(
      action: .increment, state: Counter.State(count: 1), send: Send { sent.values.append($0) })

    #expect(sent.values == [.middlewareFinished("echo")])
    #expect(echo.name == "echo")
  }

  @Test func aMiddlewareThatDecidesStartsAJobOnlyWhenItHasWork() async {
    let recorder = EventRecorder<Counter.State, Counter.Action>()
    // Acts on every second count, and sends rather than running anything else.
    let everySecond = Middleware<Counter.State, Counter.Action>(name: "every-second") {
      action, state in
      guard action == .increment, state.count.isMultiple(of: 2) else { return .none }
      return .run { send in await send(.middlewareFinished("every-second")) }
    }
    let store = Store(
      initialState: Counter.State(), reducer: Counter(), middleware: [everySecond],
      monitor: recorder)

    await store.send(.increment).finish()
    #expect(recorder.startedJobs.isEmpty)

    await store.send(.increment).finish()
    #expect(recorder.startedJobs.map(\.kind) == [.middleware])
    #expect(recorder.startedJobs.map(\.name) == ["every-second"])
    #expect(store.state.finishedMiddleware == ["every-second"])
  }

  @Test func aDecidingMiddlewareWorksOnTheFastPathToo() async {
    // No monitor, no detector: the store reduces at once and asks the middleware inline.
    let sender = Middleware<Counter.State, Counter.Action>(name: "sender") { action, state in
      guard action == .increment, state.count == 3 else { return .none }
      return .send(.middlewareFinished("sender"))
    }
    let quiet = Middleware<Counter.State, Counter.Action>(name: "quiet") { _, _ in .none }
    let store = Store(initialState: Counter.State(), reducer: Counter(), middleware: [quiet, sender])

    store.send(.increment)
    store.send(.increment)
    #expect(store.state.finishedMiddleware.isEmpty)
    // `.send` is synchronous: the follow-up is reduced before `send` returns.
    store.send(.increment)
    #expect(store.state == Counter.State(count: 3, finishedMiddleware: ["sender"], finishOrder: ["sender"]))
  }

  @Test(arguments: [false, true])
  func everyMiddlewareWithWorkIsPerformedInOrder(monitored: Bool) async {
    // With a monitor the action takes the queue; without, the fast path asks the middleware.
    let sending = ["first", "quiet", "third", "also quiet", "fifth"].map { name in
      Middleware<Counter.State, Counter.Action>(name: name) { action, _ in
        guard action == .increment, !name.contains("quiet") else { return .none }
        return .send(.middlewareFinished(name))
      }
    }
    let store = Store(
      initialState: Counter.State(), reducer: Counter(), middleware: sending,
      monitor: monitored ? EventRecorder<Counter.State, Counter.Action>() : nil)

    store.send(.increment)
    store.send(.increment)

    #expect(store.state.finishOrder == ["first", "third", "fifth", "first", "third", "fifth"])
  }

  @Test func aDecidingMiddlewareRunsOutsideAStoreForTests() async throws {
    let sent = Collector<Counter.Action>()
    let twice = Middleware<Counter.State, Counter.Action>(name: "twice") { _, _ in
      .concatenate(.send(.middlewareFinished("a")), .run { send in await send(.middlewareFinished("b")) })
    }

    try await twice.run(
      action: .increment, state: Counter.State(), send: Send { sent.values.append($0) })

    #expect(sent.values == [.middlewareFinished("a"), .middlewareFinished("b")])
    #expect(twice.effect(for: .increment, in: Counter.State()).isNone == false)
  }
}
