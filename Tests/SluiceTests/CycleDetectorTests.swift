import Sluice
import Testing

private struct PingPong: Reducer {
  struct State: Equatable, Sendable {
    var pings = 0
    var pongs = 0
    var isStopped = false
  }

  enum Action: Equatable, Sendable {
    case ping(Int)
    case pong(Int)
    case stop
  }

  enum ID { case rally }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ping(let number):
      state.pings += 1
      if state.isStopped { return .none }
      return .run(name: "return ping") { send in await send(.pong(number + 1)) }
        .cancellable(id: ID.rally)
    case .pong(let number):
      state.pongs += 1
      if state.isStopped { return .none }
      return .run(name: "return pong") { send in await send(.ping(number + 1)) }
        .cancellable(id: ID.rally)
    case .stop:
      state.isStopped = true
      return .cancel(id: ID.rally)
    }
  }
}

@MainActor
@Suite struct CycleDetectorTests {
  private typealias Recorder = EventRecorder<PingPong.State, PingPong.Action>

  @Test func theDepthSignalNamesTheRepeatingCycle() async {
    let recorder = Recorder()
    let store = Store(
      initialState: PingPong.State(), reducer: PingPong(),
      cycleDetection: CycleDetection(frequency: nil, maximumDepth: 10, policy: .break),
      monitor: recorder)

    await store.send(.ping(0)).finish()

    let warning = try! #require(recorder.warnings.first)
    #expect(recorder.warnings.count == 1)
    #expect(warning.signal == .depth(11))
    #expect(warning.cycle == ["ping", "pong"])
    #expect(warning.cycleDescription == ".ping → .pong → .ping")
    #expect(warning.caseName == "pong")
    #expect(warning.context.depth == 11)
    #expect(warning.description.contains("depth"))
  }

  @Test func underBreakTheChainIsCutAndTheDropReported() async {
    let recorder = Recorder()
    let store = Store(
      initialState: PingPong.State(), reducer: PingPong(),
      cycleDetection: CycleDetection(frequency: nil, maximumDepth: 10, policy: .break),
      monitor: recorder)

    await store.send(.ping(0)).finish()

    // Depths 0…10 are reduced; the action at depth 11 is dropped, so the rally ends.
    #expect(store.state == PingPong.State(pings: 6, pongs: 5))
    #expect(recorder.drops.count == 1)
    guard case (.pong(11), .cycleBroken(let warning))? = recorder.drops.first else {
      Issue.record("expected .pong(11) dropped by the cycle detector, got \(recorder.drops)")
      return
    }
    #expect(warning.signal == .depth(11))
    #expect(store.jobs.isEmpty)
  }

  @Test func underWarnNothingIsDropped() async {
    let recorder = Recorder()
    let store = Store(
      initialState: PingPong.State(), reducer: PingPong(),
      cycleDetection: CycleDetection(frequency: nil, maximumDepth: 10, policy: .warn),
      monitor: recorder)

    store.send(.ping(0))
    await recorder.waitUntil { recorder.reducedActions.count >= 30 }
    await store.send(.stop).finish()
    await store.idle()

    #expect(recorder.warnings.count == 1)
    #expect(recorder.drops.allSatisfy { if case .cycleBroken = $0.1 { false } else { true } })
    // Every action of the rally past the warning was reduced, in strict alternation.
    let rally = recorder.reducedActions.filter { $0 != .stop }
    #expect(rally.count >= 30)
    for (index, action) in rally.enumerated() {
      #expect(action == (index.isMultiple(of: 2) ? .ping(index) : .pong(index)))
    }
  }

  @Test func underPauseTheStoreStopsBeforeTheActionUntilResumed() async {
    let recorder = Recorder()
    let store = Store(
      initialState: PingPong.State(), reducer: PingPong(),
      cycleDetection: CycleDetection(frequency: nil, maximumDepth: 4, policy: .pause),
      monitor: recorder)

    store.send(.ping(0))
    await recorder.waitUntil { store.isPaused }

    #expect(store.state == PingPong.State(pings: 3, pongs: 2))
    #expect(store.queuedActions.map(\.action) == [.pong(5)])
    #expect(store.queuedActions.first?.context.depth == 5)
    store.step()
    #expect(store.state.pongs == 3)
    #expect(store.isPaused)  // stepping keeps it paused
    store.send(.stop)
    store.resume()
    await store.idle()
    #expect(recorder.warnings.count == 1)
    #expect(!store.isPaused)
  }

  /// Issue 27: a policy changed while a loop was paused made a new detector that had
  /// forgotten the chain, and named the loop after its last case alone (a self-loop that
  /// does not exist). New settings keep what the detector saw.
  @Test func newSettingsKeepTheChainTheDetectorSaw() async {
    let recorder = Recorder()
    let store = Store(
      initialState: PingPong.State(), reducer: PingPong(),
      cycleDetection: CycleDetection(frequency: nil, maximumDepth: 4, policy: .pause),
      monitor: recorder)
    store.send(.ping(0))
    await recorder.waitUntil { store.isPaused }

    store.cycleDetection = CycleDetection(frequency: nil, maximumDepth: 4, policy: .break)
    store.resume()
    await store.idle()

    #expect(recorder.warnings.map(\.policy) == [.pause, .break])
    #expect(recorder.warnings.map(\.cycle) == [["ping", "pong"], ["ping", "pong"]])
  }

  /// A reducer whose `.ping(n)` sends `.ping(n + 1)` through an effect while `n < last`,
  /// each ping caused by the one before: a chain the frequency signal counts.
  private static func chain(to last: Int) -> Reduce<PingPong.State, PingPong.Action> {
    Reduce { state, action in
      guard case .ping(let number) = action else { return .none }
      state.pings += 1
      return number < last ? .send(.ping(number + 1)) : .none
    }
  }

  @Test func theFrequencySignalFiresOnTheCausedActionAfterTheLimitWhateverItsPayload() async {
    let clock = ManualClock()
    let recorder = Recorder()
    let store = Store(
      initialState: PingPong.State(), reducer: Self.chain(to: 7), clock: clock,
      cycleDetection: CycleDetection(frequency: .init(limit: 5, window: .seconds(1)), maximumDepth: nil),
      monitor: recorder)

    // The first ping is the root, a tool's (uncounted); the six after it were caused, and the
    // sixth is one too many.
    store.sendFromTool(.ping(1))
    let warning = try! #require(recorder.warnings.first)
    #expect(recorder.warnings.count == 1)
    #expect(warning.signal == .frequency(count: 6, window: .seconds(1)))
    #expect(warning.caseName == "ping")
    #expect(warning.context.sequence == 7)
    #expect(store.state.pings == 7)  // warn drops nothing
  }

  /// Found by a script of 30 `.increment` lines, which stopped at about line 21: what a
  /// person or a script sends is a tool's root, not a loop however often it comes.
  @Test func actionsAToolSendsAreNeverCountedAsALoop() async {
    let clock = ManualClock()
    let recorder = Recorder()
    let store = Store(
      initialState: PingPong.State(), reducer: Self.chain(to: 0), clock: clock,
      cycleDetection: CycleDetection(frequency: .init(limit: 5, window: .seconds(1)), maximumDepth: nil,
        policy: .break),
      monitor: recorder)

    for number in 1...30 { store.sendFromTool(.ping(number)) }
    #expect(recorder.warnings.isEmpty)
    #expect(store.state.pings == 30)
    #expect(recorder.reducedContexts.allSatisfy { $0.origin == .tool && !$0.countsTowardFrequency })
  }

  /// A held-out parity check from ReduxCore's frequency detector ("action fired 21× in under
  /// a second"): the program's own code sending one case again and again is the loop users
  /// hit most (a view's `onChange`, an observer, a callback), and it is counted.
  @Test func sendsFromTheProgramsOwnCodeWarnOnceAtTwentyOneAndDropNothing() async throws {
    enum Tick: Equatable, Sendable { case tick(Int) }
    let clock = ManualClock()
    let recorder = EventRecorder<Int, Tick>()
    let store = Store(
      initialState: 0, reducer: Reduce<Int, Tick> { count, _ in
        count += 1
        return .none
      }, clock: clock, cycleDetection: CycleDetection(policy: .warn), monitor: recorder)

    for number in 1...25 { store.send(.tick(number)) }
    let warning = try #require(recorder.warnings.first)
    #expect(recorder.warnings.count == 1)
    #expect(warning.signal == .frequency(count: 21, window: .seconds(1)))
    #expect(warning.context.origin == .external)
    #expect(warning.cameBackFromOutsideTheStore)
    #expect(warning.description.contains("from outside the store by the program's own code"))
    #expect(store.state == 25)
    #expect(recorder.drops.isEmpty)
  }

  /// A subscription's news is no loop however often it comes: 25 ticks within a second do
  /// not warn, where 25 sends from the program's own code do (above).
  @Test func aSubscriptionsTicksAreNeverCounted() async throws {
    enum Tick: Equatable, Sendable { case tick(Int) }
    let recorder = EventRecorder<Int, Tick>()
    let store = Store(
      initialState: 0, reducer: Reduce<Int, Tick> { count, _ in
        count += 1
        return .none
      }, subscriptions: [Subscription(name: "ticks") { send in for number in 1...25 { await send(.tick(number)) } }],
      clock: ManualClock(), cycleDetection: CycleDetection(policy: .break), monitor: recorder)

    await recorder.waitUntil { store.state == 25 }
    #expect(recorder.warnings.isEmpty)
    #expect(recorder.drops.isEmpty)
    #expect(recorder.reducedContexts.allSatisfy { !$0.countsTowardFrequency })
  }

  /// An observer of the state that sends on every change: each round leaves the store and
  /// comes back as a send of the program's, caught under every policy.
  @Test(arguments: [CyclePolicy.warn, .pause, .break])
  func aLoopThroughAnObserverOfTheStateIsCaught(_ policy: CyclePolicy) async throws {
    enum Counter: Equatable, Sendable { case increment }
    let recorder = EventRecorder<Int, Counter>()
    let store = Store(
      initialState: 0, reducer: Reduce<Int, Counter> { count, _ in
        count += 1
        return .none
      }, clock: ManualClock(), cycleDetection: CycleDetection(policy: policy), monitor: recorder)
    // Bounded, so that under `warn`, which stops nothing, it ends.
    let observer = Task { @MainActor in
      for await count in store.values(of: \.self) where count < 50 { store.send(.increment) }
    }
    defer { observer.cancel() }
    store.send(.increment)

    switch policy {
    case .warn:
      await recorder.waitUntil { store.state == 50 }
      #expect(recorder.drops.isEmpty)
    case .pause:
      await recorder.waitUntil { store.isPaused }
      #expect(store.state == 20)
    case .break:
      await recorder.waitUntil { !recorder.drops.isEmpty }
      #expect(store.state == 20)
    }
    let warning = try #require(recorder.warnings.first)
    #expect(warning.signal == .frequency(count: 21, window: .seconds(1)))
    #expect(warning.caseName == "increment")
    #expect(warning.cameBackFromOutsideTheStore)
  }

  @Test func theFrequencyWindowSlidesWithTheStoresClock() async {
    let clock = ManualClock()
    let recorder = Recorder()
    let store = Store(
      initialState: PingPong.State(), reducer: Self.chain(to: 6), clock: clock,
      cycleDetection: CycleDetection(frequency: .init(limit: 5, window: .seconds(1)), maximumDepth: nil),
      monitor: recorder)

    // Five caused pings (after a tool's root), then a second later five more: never six
    // within a second.
    store.sendFromTool(.ping(1))
    clock.advance(by: .milliseconds(1001))
    store.sendFromTool(.ping(1))
    #expect(recorder.warnings.isEmpty)
    // Within the same second, the next five make ten.
    store.sendFromTool(.ping(1))
    #expect(recorder.warnings.count == 1)
  }

  @Test func caseNamesIgnorePayloadsEvenPlainEnumOnes() {
    enum Kind { case toggle(id: Int) }
    enum Parent { case todo(Kind), plain, labelled(count: Int) }
    // A plain enum is a value, not a child feature's action (see CaseNamePayloadTests).
    #expect(caseName(of: Parent.todo(.toggle(id: 3))) == "todo")
    #expect(caseName(of: Parent.plain) == "plain")
    #expect(caseName(of: Parent.labelled(count: 2)) == "labelled")
  }
}
