import Dependencies
import Sluice
import SluiceDependencies
import SluiceTesting
import Testing

/// A feature's reducer and its jobs see the dependency values `dependencies(_:)` gives them.
@MainActor
@Suite struct WithDependenciesTests {
  struct Numbers: Sendable {
    var next: @Sendable () async -> Int
    var now: @Sendable () -> Int
  }

  enum NumbersKey: DependencyKey {
    static let liveValue = Numbers(next: { 1 }, now: { 1 })
    static let testValue = Numbers(next: { 0 }, now: { 0 })
  }

  struct Feature: Reducer {
    struct State: Equatable, Sendable {
      var stamped = 0
      var fetched = 0
    }

    enum Action: Equatable, Sendable { case stamp, fetch, fetched(Int), failing, failed(Int) }

    @Dependency(NumbersKey.self) var numbers

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .stamp:
        state.stamped = numbers.now()
        return .none
      case .fetch:
        return .run { send in await send(.fetched(await numbers.next())) }
      case .fetched(let value):
        state.fetched = value
        return .none
      case .failing:
        return .run { _ in throw CancellationErrorStandIn() } catch: { _, send in
          await send(.failed(await numbers.next()))
        }
      case .failed(let value):
        state.fetched = -value
        return .none
      }
    }
  }

  struct CancellationErrorStandIn: Error {}

  static let overridden: @Sendable (inout DependencyValues) -> Void = {
    $0[NumbersKey.self] = Numbers(next: { 42 }, now: { 7 })
  }

  @Test func theReducerSeesTheValues() {
    let store = Store(initialState: Feature.State(), reducer: Feature().dependencies(Self.overridden))
    store.send(.stamp)
    #expect(store.state.stamped == 7)
  }

  @Test func jobsSeeTheValuesTheirReducerSaw() async {
    let store = Store(initialState: Feature.State(), reducer: Feature().dependencies(Self.overridden))
    await store.send(.fetch).finish()
    #expect(store.state.fetched == 42)
    await store.send(.failing).finish()
    #expect(store.state.fetched == -42)
  }

  @Test func anInnerChangeWins() {
    let store = Store(
      initialState: Feature.State(),
      reducer: Feature()
        .dependencies { $0[NumbersKey.self] = Numbers(next: { 5 }, now: { 5 }) }
        .dependencies(Self.overridden))
    store.send(.stamp)
    #expect(store.state.stamped == 5)
  }

  @Test func aTestStoreRunsWithTheValuesItIsGiven() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature().dependencies(Self.overridden), timeout: hangGuard)
    await store.send(.stamp) { $0.stamped = 7 }
    await store.send(.fetch)
    await store.receive(.fetched(42)) { $0.fetched = 42 }
    await store.finish()
  }
}
