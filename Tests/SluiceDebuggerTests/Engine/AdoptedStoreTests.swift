import ExampleFeatures
import Sluice
import SluiceDebugger
import Testing

/// A program's own monitor, to see that the debugger sets it aside and puts it back.
@MainActor
private final class ProgramMonitor: @MainActor StoreMonitor {
  typealias State = Counter.State
  typealias Action = Counter.Action
  var reductions = 0

  func store(didReport event: StoreEvent<Counter.State, Counter.Action>) {
    if case .didReduce = event { reductions += 1 }
  }
}

@MainActor
@Suite struct AdoptedStoreTests {
  /// A store the program made, with its own monitor and two actions behind it.
  private func programStore(monitor: ProgramMonitor) -> Store<Counter.State, Counter.Action> {
    let store = Store(initialState: Counter.State(), reducer: Counter(), monitor: monitor)
    store.send(.increment)
    store.send(.increment)
    return store
  }

  @Test func anAdoptedStoreIsDebuggedFromTheStateItHoldsAndRecordsWhatTheProgramSends() throws {
    let programMonitor = ProgramMonitor()
    let store = programStore(monitor: programMonitor)
    let debugger = Debugger(registry: FeatureRegistry([]), options: .forTests(usesVirtualClock: false))
    try debugger.register(Feature(adopting: store, as: "cart", summary: "the program's counter"))
    let session = try debugger.use("cart")
    #expect(session.inspection.rendered("count") == "2")
    #expect(session.inspection.usesVirtualClock == false)

    store.send(.increment)  // the program sends, not the debugger
    #expect(session.inspection.history(last: nil).map(\.action) == [".increment"])
    #expect(session.inspection.rendered("count") == "3")
    // Set aside while the debugger watches.
    #expect(programMonitor.reductions == 2)
  }

  @Test func aBreakpointPausesTheProgramsStoreAndUnloadingResumesIt() throws {
    let programMonitor = ProgramMonitor()
    let store = programStore(monitor: programMonitor)
    let debugger = Debugger(registry: FeatureRegistry([]), options: .forTests(usesVirtualClock: false))
    try debugger.register(Feature(adopting: store, as: "cart"))
    let session = try debugger.use("cart")
    _ = try session.breakpointControl.addBreakpoint(.action(pattern: "decrement", condition: nil), isOneShot: false, ignoreCount: 0)

    store.send(.decrement)
    #expect(store.isPaused)
    #expect(store.state.count == 2)

    debugger.unload("cart")
    #expect(!store.isPaused)
    #expect(store.state.count == 1)
    #expect(store.actionObserver == nil)
    #expect(store.monitor === programMonitor)
    #expect(debugger.current == nil)

    store.send(.increment)
    #expect(programMonitor.reductions == 4)  // two before, the held decrement, this one
  }

  @Test func usingAnAdoptedFeatureAgainAfterUnloadingStartsAFreshHistory() throws {
    let store = programStore(monitor: ProgramMonitor())
    let debugger = Debugger(registry: FeatureRegistry([]), options: .forTests(usesVirtualClock: false))
    try debugger.register(Feature(adopting: store, as: "cart"))
    store.send(.increment)
    var session = try debugger.use("cart")
    store.send(.increment)
    #expect(session.inspection.history(last: nil).count == 1)
    debugger.unload("cart")
    store.send(.increment)

    session = try debugger.use("cart")
    #expect(session.inspection.history(last: nil).isEmpty)
    #expect(session.inspection.rendered("count") == "5")
  }

  @Test func theCycleDetectionTheProgramChoseIsKeptAndPutBack() throws {
    let settings = CycleDetection(frequency: nil, maximumDepth: 7, policy: .break)
    let store = Store(initialState: Counter.State(), reducer: Counter(), cycleDetection: settings)
    let plain = Store(initialState: Counter.State(), reducer: Counter())
    let debugger = Debugger(registry: FeatureRegistry([]), options: .forTests(usesVirtualClock: false))
    try debugger.register(Feature(adopting: store, as: "detecting"))
    try debugger.register(Feature(adopting: plain, as: "plain"))

    #expect(try debugger.use("detecting").inspection.cycleDetection == settings)
    // A store that looked for no cycles is watched with the debugger's settings, which only warn.
    #expect(try debugger.use("plain").inspection.cycleDetection.policy == .warn)
    debugger.unload("detecting")
    debugger.unload("plain")
    #expect(store.cycleDetection == settings)
    #expect(plain.cycleDetection == nil)
  }

  @Test func aNameTakenAlreadyIsRefused() throws {
    let debugger = Debugger(registry: FeatureRegistry([]))
    try debugger.register(Feature(adopting: programStore(monitor: ProgramMonitor()), as: "cart"))
    #expect(throws: DebugError.self) {
      try debugger.register(Feature(adopting: programStore(monitor: ProgramMonitor()), as: "cart"))
    }
  }
}
