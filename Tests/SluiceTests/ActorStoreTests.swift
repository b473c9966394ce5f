import Sluice
import Testing

/// A store owned by an actor of the program's own, on an executor of its own: everything the
/// store does happens there, with the same order, effects and monitor as on the main actor.
@Suite struct ActorStoreTests {
  /// One thread for the whole suite: an executor's thread lives as long as the process.
  static let executor = ThreadExecutor(name: "ActorStoreTests")

  /// A server-like owner of a store of `Log`, which notes, for each action and each event,
  /// whether it ran on the executor's thread.
  actor Owner {
    nonisolated var unownedExecutor: UnownedSerialExecutor {
      ActorStoreTests.executor.asUnownedSerialExecutor()
    }

    let clock: ManualClock
    let monitor = ThreadCheckingMonitor()
    lazy var store = Store(
      initialState: Traced.State(), reducer: Traced(start: start), clock: clock, monitor: monitor,
      isolation: self)
    private let start: @Sendable () -> Effect<Log.Action>

    init(clock: ManualClock = ManualClock(), start: @escaping @Sendable () -> Effect<Log.Action>) {
      self.clock = clock
      self.start = start
    }

    /// For each reduction, in order: the action and whether it ran on the executor.
    var reductions: [(action: Log.Action, onExecutor: Bool)] { store.state.reductions }

    /// Sends `action` and returns the task of it, which may be awaited anywhere.
    func send(_ action: Log.Action) -> StoreTask { store.send(action) }
    func idle() async { await store.idle() }
    var entries: [String] { store.state.log.entries }
    var jobCount: Int { store.jobs.count }
    var eventsOffExecutor: Int { monitor.offExecutor }
    var eventCount: Int { monitor.events }
    /// Reads `isFinished` here, on the store's actor, where it must be read.
    func isFinished(_ task: StoreTask) -> Bool { task.isFinished }
  }

  /// `Log`, noting for each action whether it was reduced on the executor's thread.
  struct Traced: Reducer {
    struct State: Sendable {
      var log = Log.State()
      var reductions: [(action: Log.Action, onExecutor: Bool)] = []
    }

    let start: @Sendable () -> Effect<Log.Action>

    func reduce(into state: inout State, action: Log.Action) -> Effect<Log.Action> {
      state.reductions.append((action, ActorStoreTests.executor.isCurrent))
      return Log(start: start).reduce(into: &state.log, action: action)
    }
  }

  /// Counts the events it hears, and those heard off the executor's thread.
  final class ThreadCheckingMonitor: StoreMonitor {
    typealias State = Traced.State
    typealias Action = Log.Action
    private(set) var events = 0
    private(set) var offExecutor = 0

    func store(didReport event: StoreEvent<Traced.State, Log.Action>) {
      events += 1
      if !ActorStoreTests.executor.isCurrent { offExecutor += 1 }
    }
  }

  @Test func reducesInOrderOnTheActorWithEffectsSendingBackToIt() async {
    let owner = Owner {
      .merge(
        .run(name: "job") { send in
          await send(.log("from job"))
          await send(.log("from job again"))
        },
        .send(.log("from send")))
    }

    let task = await owner.send(.start)
    await task.finish()

    let entries = await owner.entries
    // The `.send` is queued while `.start` reduces; the job's sends arrive later, in order.
    #expect(entries == ["from send", "from job", "from job again"])
    let reductions = await owner.reductions
    #expect(reductions.map(\.action) == [.start, .log("from send"), .log("from job"), .log("from job again")])
    #expect(reductions.allSatisfy { $0.onExecutor })
    #expect(await owner.eventCount > reductions.count)
    #expect(await owner.eventsOffExecutor == 0)
    #expect(await owner.jobCount == 0)
  }

  @Test func aTaskIsAwaitedFromAnotherActorAndTimedEffectsFollowTheStoresClock() async {
    let clock = ManualClock()
    let owner = Owner(clock: clock) {
      .send(.log("debounced")).debounce(id: "typing", for: .seconds(1))
    }

    _ = await owner.send(.start)
    let task = await owner.send(.start)
    await clock.waitForSleepers(1)
    #expect(await owner.entries == [])
    #expect(await owner.isFinished(task) == false)

    clock.advance(by: .seconds(1))
    await task.finish()  // awaited here, off the owner's actor

    // The first request was superseded by the second: one entry, a second after it.
    #expect(await owner.entries == ["debounced"])
    #expect(await owner.reductions.allSatisfy { $0.onExecutor })
  }

  @Test func releasingTheActorReleasesItsStoreAndCancelsItsJobs() async {
    let clock = ManualClock()
    let (outcomes, report) = AsyncStream.makeStream(of: String.self)
    var owner: Owner? = Owner(clock: clock) {
      .run(name: "endless") { send in
        do {
          try await clock.sleep(for: .seconds(3600))
          report.yield("woke")
        } catch {
          report.yield(Task.isCancelled ? "cancelled" : "failed: \(error)")
        }
        await send(.log("after the store"))
      }
    }
    _ = await owner?.send(.start)
    await clock.waitForSleepers(1)
    #expect(await owner?.jobCount == 1)
    weak let weakOwner = owner

    owner = nil

    #expect(weakOwner == nil)
    var iterator = outcomes.makeAsyncIterator()
    #expect(await iterator.next() == "cancelled")
  }
}

