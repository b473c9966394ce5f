import Sluice
import Testing

/// The debugger hears the events of every action through an `ActionObserver` installed on
/// the store; its monitor then hears only the others, and pausing still works.
@MainActor
@Suite struct ActionObserverTests {
  private enum Action: Hashable, Sendable {
    case start, done
  }

  /// What an observer was told, in order.
  private final class Log {
    var lines: [String] = []
    var intervals: [(ClockReading, ClockReading)] = []
    var pauseBeforeDone = false
    var pauseBeforeStart = false
    var pauseQuestions = 0
  }

  private func makeStore(monitor: EventRecorder<Int, Action>) -> Store<Int, Action> {
    Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { count, action in
        count += 1
        return action == .start ? .send(.done) : .none
      },
      monitor: monitor)
  }

  private func observer(
    _ log: Log, wantsPreviousState: Bool, asksBeforeEachAction: Bool = true
  ) -> ActionObserver<Int, Action> {
    ActionObserver(
      queued: { action, context in log.lines.append("queued \(action) #\(context.sequence)") },
      shouldPause: { action, _ in
        log.pauseQuestions += 1
        return action == .done ? log.pauseBeforeDone : log.pauseBeforeStart
      },
      reduced: { action, context, oldState, newState, start, end in
        log.lines.append("reduced \(action) #\(context.sequence) \(oldState.map(String.init) ?? "-") → \(newState)")
        log.intervals.append((start, end))
      },
      wantsPreviousState: wantsPreviousState, asksBeforeEachAction: asksBeforeEachAction)
  }

  @Test func theObserverHearsEveryActionAndTheMonitorTheRest() {
    let monitor = EventRecorder<Int, Action>()
    let store = makeStore(monitor: monitor)
    let log = Log()
    store.actionObserver = observer(log, wantsPreviousState: true)

    store.send(.start)

    // `.start` is reduced as soon as it is sent: only `.done`, which waits for `.start`'s
    // reduction to end, is reported as queued.
    #expect(log.lines == ["reduced start #1 0 → 1", "queued done #2", "reduced done #2 1 → 2"])
    #expect(log.intervals.allSatisfy { $0.0 <= $0.1 })
    #expect(log.pauseQuestions == 2)
    #expect(monitor.reducedActions.isEmpty)
    #expect(
      !monitor.events.contains {
        switch $0 {
        case .queued, .willReduce, .didReduce: true
        default: false
        }
      })
  }

  @Test func withoutThePreviousStateTheObserverGetsNone() {
    let store = makeStore(monitor: EventRecorder())
    let log = Log()
    store.actionObserver = observer(log, wantsPreviousState: false)
    store.send(.start)
    #expect(log.lines.filter { $0.hasPrefix("reduced") } == ["reduced start #1 - → 1", "reduced done #2 - → 2"])
  }

  @Test func theObserverCanPauseTheStoreBeforeAnAction() {
    let store = makeStore(monitor: EventRecorder())
    let log = Log()
    log.pauseBeforeDone = true
    store.actionObserver = observer(log, wantsPreviousState: false)

    store.send(.start)
    #expect(store.isPaused)
    #expect(store.state == 1)
    #expect(store.queuedActions.map(\.action) == [.done])

    store.step()
    #expect(store.state == 2)
    #expect(log.lines.last == "reduced done #2 - → 2")
  }

  @Test func anActionHeldAsSoonAsItIsSentIsReportedAsQueued() {
    let store = makeStore(monitor: EventRecorder())
    let log = Log()
    log.pauseBeforeStart = true
    store.actionObserver = observer(log, wantsPreviousState: false)

    store.send(.start)
    #expect(store.isPaused)
    #expect(log.lines == ["queued start #1"])

    store.step()
    // `.done`, sent by `.start`'s effect while the store is paused, waits.
    #expect(log.lines == ["queued start #1", "reduced start #1 - → 1", "queued done #2"])
  }

  @Test func anObserverThatDoesNotAskBeforeEachActionIsNeverAsked() {
    let store = makeStore(monitor: EventRecorder())
    let log = Log()
    log.pauseBeforeDone = true
    store.actionObserver = observer(log, wantsPreviousState: false, asksBeforeEachAction: false)

    store.send(.start)
    #expect(log.pauseQuestions == 0)
    #expect(!store.isPaused)
    #expect(store.state == 2)

    store.actionObserver?.asksBeforeEachAction = true
    store.send(.start)
    #expect(log.pauseQuestions == 2)
    #expect(store.isPaused)
  }

  @Test func removingTheObserverGivesTheEventsBackToTheMonitor() {
    let monitor = EventRecorder<Int, Action>()
    let store = makeStore(monitor: monitor)
    store.actionObserver = observer(Log(), wantsPreviousState: false)
    store.actionObserver = nil
    store.send(.start)
    #expect(monitor.reducedActions == [.start, .done])
  }
}
