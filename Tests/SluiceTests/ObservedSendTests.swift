import Sluice
import Testing

/// An action sent while only the debugger's action observer (and a cycle detector watching
/// depth alone) is configured is reduced at once, as the queue would reduce it: the same
/// sequence numbers and contexts, and the detector remembers it as a chain's root.
@MainActor
@Suite struct ObservedSendTests {
  private enum Action: Hashable, Sendable {
    case ping, pong
  }

  /// What the observer heard, in order.
  private final class Log {
    var lines: [String] = []
  }

  private func makeStore(monitor: EventRecorder<Int, Action>, log: Log) -> Store<Int, Action> {
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { count, action in
        count += 1
        return .send(action == .ping ? .pong : .ping)
      },
      cycleDetection: CycleDetection(frequency: nil, maximumDepth: 2, policy: .break),
      monitor: monitor)
    store.actionObserver = ActionObserver(
      queued: { action, context in log.lines.append("queued \(action) #\(context.sequence)") },
      shouldPause: { _, _ in false },
      reduced: { action, context, _, _, _, _ in
        log.lines.append("reduced \(action) #\(context.sequence) depth \(context.depth) root \(context.root)")
      },
      wantsPreviousState: false, asksBeforeEachAction: false)
    return store
  }

  @Test func aRootSentAtOnceStartsTheChainTheDetectorReadsBack() throws {
    let monitor = EventRecorder<Int, Action>()
    let log = Log()
    let store = makeStore(monitor: monitor, log: log)

    store.send(.ping)

    // Depth 3 breaks the chain: `.ping` (reduced at once), `.pong`, `.ping` were reduced.
    #expect(store.state == 3)
    #expect(
      log.lines == [
        "reduced ping #1 depth 0 root 1", "queued pong #2", "reduced pong #2 depth 1 root 1", "queued ping #3",
        "reduced ping #3 depth 2 root 1", "queued pong #4",
      ])
    let warning = try #require(
      monitor.events.lazy.compactMap { event -> CycleWarning? in
        if case .cycleDetected(let warning) = event { return warning }
        return nil
      }.first)
    #expect(warning.context.root == 1)
    // Two full periods, `ping pong ping pong`, only if the root `.ping` was remembered.
    #expect(warning.cycle == ["ping", "pong"])
  }

  @Test func theNextRootIsNumberedAfterEverythingTheFirstCaused() {
    let log = Log()
    let store = makeStore(monitor: EventRecorder(), log: log)
    store.send(.ping)
    log.lines.removeAll()
    store.send(.pong)
    #expect(log.lines.first == "reduced pong #5 depth 0 root 5")
  }
}
