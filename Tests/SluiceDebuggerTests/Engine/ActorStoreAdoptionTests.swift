import ExampleFeatures
import Sluice
import SluiceDebugger
import Testing

/// A service that keeps its store on an actor of its own, as README's server pattern does.
private actor OrderService {
  private lazy var store = Store(initialState: Counter.State(), reducer: Counter(), isolation: self)

  /// The store, for a debugger inside the program.
  func debuggable(as name: String) throws -> Feature {
    try Feature(adopting: store, as: name, on: self)
  }

  /// Sends `action`, as the program's own code does, and returns the count after it.
  @discardableResult
  func send(_ action: Counter.Action) -> Int {
    store.send(action)
    return store.state.count
  }

  var count: Int { store.state.count }
  var isPaused: Bool { store.isPaused }
}

/// Ships an order in a job, which tells when it is done.
private struct Shipping: Reducer {
  struct State: Codable, Equatable, Sendable {
    var shipped = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case ship
    case shipped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ship:
      return .run(name: "ship") { send in await send(.shipped) }
    case .shipped:
      state.shipped += 1
      return .none
    }
  }
}

/// A warehouse that ships orders from a store on its own actor.
private actor Warehouse {
  private lazy var store = Store(initialState: Shipping.State(), reducer: Shipping(), isolation: self)

  func debuggable() throws -> Feature {
    try Feature(adopting: store, as: "shipping", on: self)
  }

  func ship() {
    store.send(.ship)
  }

  var shipped: Int { store.state.shipped }
}

/// An actor that runs on the main actor's executor, as some programs' actors do.
private actor MainQueueService {
  nonisolated var unownedExecutor: UnownedSerialExecutor { MainActor.sharedUnownedExecutor }
  private lazy var store = Store(initialState: Counter.State(), reducer: Counter(), isolation: self)

  func debuggable() throws -> Feature {
    try Feature(adopting: store, as: "main-queue", on: self)
  }

  @discardableResult
  func send(_ action: Counter.Action) -> Int {
    store.send(action)
    return store.state.count
  }
}

/// A store on another actor than the main one, adopted by the debugger on the main actor.
@MainActor
@Suite struct ActorStoreAdoptionTests {
  private func debugger(adopting service: OrderService) async throws -> Debugger {
    let debugger = Debugger(registry: FeatureRegistry([]), options: .forTests(usesVirtualClock: false))
    try debugger.register(try await service.debuggable(as: "orders"))
    return debugger
  }

  @Test func theHistoryRecordsWhatTheProgramSendsOnItsActorWithEachState() async throws {
    let service = OrderService()
    await service.send(.increment)
    let debugger = try await debugger(adopting: service)
    let session = try debugger.use("orders")
    #expect(session.inspection.rendered("count") == "1")

    await service.send(.increment)
    await service.send(.increment)
    #expect(session.inspection.history(last: nil).map(\.action) == [".increment", ".increment"])
    #expect(try session.inspection.tree(at: "count", after: 1).compactDescription == "2")
    #expect(try session.inspection.tree(at: "count", after: 2).compactDescription == "3")
    #expect(session.inspection.rendered("count") == "3")
  }

  @Test func aBreakpointStopsTheStoreOnItsActorAndStepReducesTheHeldAction() async throws {
    let service = OrderService()
    let debugger = try await debugger(adopting: service)
    let session = try debugger.use("orders")
    _ = try session.breakpointControl.addBreakpoint(.action(pattern: "decrement", condition: nil), isOneShot: false, ignoreCount: 0)

    await service.send(.increment)
    let countAfterDecrement = await service.send(.decrement)
    #expect(countAfterDecrement == 1)  // stopped before the decrement
    #expect(await service.isPaused)
    #expect(session.inspection.status == .paused)

    _ = try await session.running.step()
    #expect(await service.count == 0)
    #expect(session.inspection.history(last: nil).map(\.action) == [".increment", ".decrement"])
  }

  @Test func pausingHoldsTheProgramsActionsUntilContinue() async throws {
    let service = OrderService()
    let debugger = try await debugger(adopting: service)
    let session = try debugger.use("orders")

    session.running.pause()
    #expect(await service.isPaused)
    #expect(await service.send(.increment) == 0)
    #expect(session.inspection.history(last: nil).isEmpty)

    session.running.continueRunning()
    #expect(await service.count == 1)
    #expect(session.inspection.history(last: nil).map(\.action) == [".increment"])
  }

  @Test func jumpingBackSetsTheProgramsStoreToTheOldState() async throws {
    let service = OrderService()
    let debugger = try await debugger(adopting: service)
    let session = try debugger.use("orders")
    for _ in 0..<3 { await service.send(.increment) }

    try session.timeTravel.jump(to: 1)
    #expect(await service.count == 1)
    session.timeTravel.reset()
    #expect(await service.count == 0)
  }

  @Test func unloadingGivesTheStoreBackRunningAndRecordsNothingMore() async throws {
    let service = OrderService()
    let debugger = try await debugger(adopting: service)
    let session = try debugger.use("orders")
    session.running.pause()
    await service.send(.increment)

    debugger.unload("orders")
    #expect(await service.isPaused == false)
    #expect(await service.count == 1)  // the held increment went through on resuming
    #expect(await service.send(.increment) == 2)
    // The held increment and this one went through with no session watching.
    #expect(session.inspection.history(last: nil).isEmpty)
  }

  @Test func theProgramSendingWhileTheDebuggerPausesAndResumesLosesNothingAndKeepsItsOrder() async throws {
    let service = OrderService()
    let debugger = try await debugger(adopting: service)
    let session = try debugger.use("orders")
    let sender = Task.detached {
      for step in 1...300 { await service.send(step.isMultiple(of: 3) ? .decrement : .increment) }
    }
    for _ in 0..<50 {
      session.running.pause()
      _ = session.inspection.rendered("count")
      session.running.continueRunning()
      await Task.yield()
    }
    await sender.value
    session.running.continueRunning()

    #expect(await service.count == 100)
    let actions = session.inspection.history(last: nil).map(\.action)
    #expect(actions == (1...300).map { $0.isMultiple(of: 3) ? ".decrement" : ".increment" })
    #expect(session.inspection.rendered("count") == "100")
  }

  @Test func anActorOnTheMainActorsExecutorIsDebuggedWithoutWaitingForItself() async throws {
    let service = MainQueueService()
    let debugger = Debugger(registry: FeatureRegistry([]), options: .forTests(usesVirtualClock: false))
    try debugger.register(try await service.debuggable())
    let session = try debugger.use("main-queue")
    await service.send(.increment)
    #expect(session.inspection.history(last: nil).map(\.action) == [".increment"])
    try session.timeTravel.jump(to: 0)
    #expect(await service.send(.increment) == 1)
  }

  @Test func aJobOfTheStoreOnItsActorIsWaitedForAndSteppedInto() async throws {
    let warehouse = Warehouse()
    let debugger = Debugger(registry: FeatureRegistry([]), options: .forTests(usesVirtualClock: false))
    try debugger.register(try await warehouse.debuggable())
    let session = try debugger.use("shipping")

    await warehouse.ship()
    // A guard against a hang, never a limit: the job ends by itself.
    #expect(await session.running.wait(timeout: .seconds(300)) == .idle)
    #expect(session.inspection.history(last: nil).map(\.action) == [".ship", ".shipped"])
    #expect(await warehouse.shipped == 1)

    // Paused, the program's order waits; stepping reduces it, runs its job, then reduces
    // what the job sent.
    session.running.pause()
    await warehouse.ship()
    guard case .reduced(let ship) = try await session.running.step() else {
      Issue.record("the order was not reduced")
      return
    }
    #expect(ship.action == ".ship")
    guard case .ranJob(let job, let sent) = try await session.running.step() else {
      Issue.record("the job did not run")
      return
    }
    #expect(job.name == "ship")
    #expect(sent == [".shipped"])
    #expect(await warehouse.shipped == 1)
    guard case .reduced(let shipped) = try await session.running.step() else {
      Issue.record("shipped was not reduced")
      return
    }
    #expect(shipped.action == ".shipped")
    #expect(await warehouse.shipped == 2)
  }
}
