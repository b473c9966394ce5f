import CasePaths
import Dependencies
import Foundation
import Sluice
import SluiceCasePaths
import SluiceDebugger
import SluiceDependencies
import SluiceMacroSupport
import SluiceTesting
import Testing

/// README's Swift blocks that show a feature, a fragment of one, or a middleware, compiled
/// here. `ReadmeCodeBlockTests` (in SluiceCLITests) checks that each block's lines appear
/// in this file in order, so README cannot drift from code that builds; the tests below run
/// what the blocks promise.
enum ReadmeCode {
  // "A feature"
  struct Counter: Reducer {
    struct State: Equatable, Sendable, Codable {
      var count = 0
      var step = 1
    }

    enum Action: Equatable, Sendable, Codable {
      case increment, decrement, setStep(Int), reset
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment: state.count += state.step
      case .decrement: state.count -= state.step
      case .setStep(let step): state.step = step
      case .reset: state = State()
      }
      return .none
    }
  }

  @MainActor final class CounterModel {
    let store = Store(initialState: Counter.State(), reducer: Counter())

    func plusTapped() {
      store.send(.increment)
      print(store.state.count)  // 1
    }
  }

  // "Work beyond the state change is an `Effect`": the fragment, in a feature around it.
  struct Todos: Reducer {
    struct State: Equatable, Sendable, Codable {
      var todos = AsyncState<[String]>.idle
      var query = ""
    }

    enum Action: Equatable, Sendable, Codable {
      case load, loaded(AsyncOutcome<[String]>)
      case queryChanged(String), search(String)
    }

    enum CancelID { case load, search }

    let api: TodosAPI

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load:
        state.todos.startLoading()
        return .run(name: "load todos") { send in
          await send(.loaded(AsyncOutcome { try await api.fetchTodos() }))
        }
        .cancellable(id: CancelID.load, cancelInFlight: true)
      case .loaded(let outcome):
        state.todos.finish(outcome)  // the todos, or the failure beside the todos before
        return .none

      case .queryChanged(let query):
        state.query = query
        return .send(.search(query)).debounce(id: CancelID.search, for: .milliseconds(300))

      case .search:
        return .none
      }
    }
  }

  struct TodosAPI: Sendable {
    func fetchTodos() async throws -> [String] { ["Milk"] }
  }

  // "Middleware": the checkout it observes, and the tracker it records into.
  struct Checkout: Reducer {
    struct State: Equatable, Sendable { var total = 900 }
    enum Action: Equatable, Sendable { case placeOrder, addItem }
    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
  }

  actor Tracker {
    var recorded: [(Checkout.Action, Int)] = []
    func record(_ action: Checkout.Action, total: Int) { recorded.append((action, total)) }
  }

  // "A feature", sending through case key paths: the counter with a `@CasePathable` action.
  struct PathCounter: Reducer {
    typealias State = Counter.State

    @CasePathable
    enum Action: Equatable, Sendable {
      case increment, setStep(Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment: state.count += state.step
      case .setStep(let step): state.step = step
      }
      return .none
    }
  }

  // "Work beyond the state change": async values.
  struct ProfileScreen: Reducer {
    struct State: Equatable, Sendable { var profile = AsyncState<String>.idle }
    enum Action: Equatable, Sendable { case appeared, refresh, profileLoaded(Result<String, AsyncFailure>) }
    enum CancelID { case profile }
    let api: ProfileAPI

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .appeared:
        return state.profile.loadIfNeeded { try await api.profile() } then: { .profileLoaded($0) }
      case .refresh:
        return state.profile.reload { try await api.profile() } then: { .profileLoaded($0) }
          .cancellable(id: CancelID.profile, cancelInFlight: true)
      case .profileLoaded(let result):
        state.profile.finish(result)  // shows the value, or keeps the old one beside the failure
        return .none
      }
    }
  }

  struct ProfileAPI: Sendable {
    func profile() async throws -> String { "Ada" }
  }

  // "Dependencies"
  struct Greeter: Reducer {
    struct State: Equatable, Sendable, Codable { var greeting = "" }
    enum Action: Equatable, Sendable, Codable { case greet, greeted(String) }

    @Dependency(\.date.now) var now
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .greet:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.greeted("Hello at \(now.timeIntervalSince1970)"))
        }
      case .greeted(let greeting):
        state.greeting = greeting
        return .none
      }
    }
  }

  // "Bindings"
  @Feature
  struct Profile {
    struct State: BindableState, Equatable, Sendable, Codable {
      var name = ""
      var notifies = false
      var saved = false

      static let bindableProperties: [BindableProperty<Self>] = [.property(\.name), .property(\.notifies)]
    }

    enum Action: BindableAction, Equatable, Sendable, Codable {
      case binding(BindingAction<State>)
      case save

      var binding: BindingAction<State>? {
        if case .binding(let binding) = self { binding } else { nil }
      }
    }

    var body: some Reducer<State, Action> {
      BindingReducer()
      Reduce { state, action in
        if action == .save { state.saved = true }
        return .none
      }
    }
  }

  // "Less boilerplate: `@Feature` and `@Scriptable`"
  @Feature
  struct Shelf {
    struct State: Equatable, Sendable, Codable { var counter = Counter.State() }
    enum Action: Equatable, Sendable, Codable {
      /// An action for the counter on the shelf.
      case counter(Counter.Action)
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.counter, action: Action.counterCase) { Counter() }
    }
  }
}

extension ReadmeCode {
  // "A store on an actor of your own"
  actor CounterService {
    private lazy var store = Store(initialState: Counter.State(), reducer: Counter(), isolation: self)

    func increment() async -> Int {
      await store.send(.increment).finish()
      return store.state.count
    }
  }
}

@MainActor
@Suite struct ReadmeCodeTests {
  @Test func theCounterServiceCountsOnItsActor() async {
    let service = ReadmeCode.CounterService()
    #expect(await service.increment() == 1)
    #expect(await service.increment() == 2)
  }

  @Test func theCounterCountsByItsStep() {
    let model = ReadmeCode.CounterModel()
    model.plusTapped()
    #expect(model.store.state.count == 1)
    #expect(model.store.isolation === MainActor.shared)
  }

  @Test func caseKeyPathsSendTheirActions() {
    let store = Store(initialState: ReadmeCode.PathCounter.State(), reducer: ReadmeCode.PathCounter())
    store.send(\.setStep, 3)  // .setStep(3)
    store.send(\.increment)   // .increment
    #expect(store.state.count == 3)
  }

  @Test func bindingsSetTheProfilesFields() {
    typealias Profile = ReadmeCode.Profile
    let store = Store(initialState: Profile.State(), reducer: Profile())
    store.set(\.name, to: "Ada")                   // .binding(.set(\.name, "Ada"))
    store.send(.binding(.set(\.notifies, true)))
    store.send(.save)
    #expect(store.state == Profile.State(name: "Ada", notifies: true, saved: true))
  }

  @Test func theGreeterRunsWithTheValuesItIsGiven() async throws {
    typealias Greeter = ReadmeCode.Greeter
    // A test or a preview: fixed values for the reducer and its jobs.
    let store = Store(initialState: Greeter.State(), reducer: Greeter().dependencies {
      $0.date = .constant(Date(timeIntervalSince1970: 0))
      $0.continuousClock = ImmediateClock()
    })
    await store.send(.greet).finish()
    #expect(store.state.greeting == "Hello at 0.0")

    // A debugger: the session's clock is the feature's, so `--virtual-clock` and `advance` move it.
    let greeter = Feature("greeter", summary: "Says hello", initialState: Greeter.State()) { environment in
      Greeter().dependencies { $0.continuousClock = environment.clock }
    }
    var options = SessionOptions(usesVirtualClock: true)
    options.waitLimit = hangGuard
    let debugger = Debugger(registry: FeatureRegistry([greeter]), options: options)
    let store2 = try #require(try debugger.use("greeter").inspection.store(of: Greeter.State.self, Greeter.Action.self))
    let interpreter = CommandInterpreter(debugger: debugger)
    // A fixed date around README's registration: the greeting's job reads `now`, and a live
    // date read while a test runs is reported as an issue of whichever test is running.
    await withDependencies { $0.date = .constant(Date(timeIntervalSince1970: 0)) } operation: {
      _ = await interpreter.execute(line: ".greet")
      #expect(store2.state.greeting == "")
      _ = await interpreter.execute(line: "advance 1s")
      #expect(store2.state.greeting.hasPrefix("Hello at "))
    }
  }

  @Test func theProfileLoadsOnceAndReloads() async {
    let store = TestStore(initialState: ReadmeCode.ProfileScreen.State(), reducer: ReadmeCode.ProfileScreen(api: .init()), timeout: hangGuard)
    await store.send(.appeared) { $0.profile = .loading(previous: nil) }
    await store.receive(.profileLoaded(.success("Ada"))) { $0.profile = .loaded("Ada") }
    await store.send(.refresh) { $0.profile = .loading(previous: "Ada") }
    await store.receive(.profileLoaded(.success("Ada"))) { $0.profile = .loaded("Ada") }
    await store.finish()
  }

  @Test func theLoadEffectSendsWhatTheAPIAnswers() async {
    let store = TestStore(initialState: ReadmeCode.Todos.State(), reducer: ReadmeCode.Todos(api: .init()), timeout: hangGuard)
    await store.send(.load) { $0.todos = .loading(previous: nil) }
    await store.receive(.loaded(.success(["Milk"]))) { $0.todos = .loaded(["Milk"]) }
    await store.finish()
  }

  @Test func theQueryIsSearchedOnceTypingPauses() async {
    let clock = ManualClock()
    let store = TestStore(initialState: ReadmeCode.Todos.State(), reducer: ReadmeCode.Todos(api: .init()), clock: clock, timeout: hangGuard)
    await store.send(.queryChanged("mi")) { $0.query = "mi" }
    await store.send(.queryChanged("milk")) { $0.query = "milk" }
    await clock.waitForSleepers(1)
    clock.advance(by: .milliseconds(300))
    await store.receive(.search("milk"))
    await store.finish()
  }

  @Test func theAnalyticsMiddlewareRecordsOnlyPlacedOrders() async {
    typealias Checkout = ReadmeCode.Checkout
    let tracker = ReadmeCode.Tracker()
    let analytics = Middleware<Checkout.State, Checkout.Action>(name: "analytics") {
      action, state in
      guard case .placeOrder = action else { return .none }
      return .run { _ in await tracker.record(action, total: state.total) }
    }
    let store = Store(initialState: .init(), reducer: Checkout(), middleware: [analytics])
    await store.send(.addItem).finish()
    await store.send(.placeOrder).finish()
    let recorded = await tracker.recorded
    #expect(recorded.map(\.0) == [.placeOrder])
    #expect(recorded.map(\.1) == [900])
  }

  @Test func theShelfScopesItsCounter() {
    let store = Store(initialState: ReadmeCode.Shelf.State(), reducer: ReadmeCode.Shelf())
    store.send(.counter(.increment))
    #expect(store.state.counter.count == 1)
    #expect(ReadmeCode.Shelf.Action.actionDescription.cases.map(\.name) == ["counter"])
  }

  /// Issue 49: `Scope` needed a hand-written `EnumCase`; `@Scriptable` writes it.
  @Test func theShelfsCasePathIsWrittenForIt() {
    let counterCase = ReadmeCode.Shelf.Action.counterCase
    #expect(counterCase.extract(counterCase.embed(.increment)) == .increment)
    #expect(counterCase.embed(.decrement) == .counter(.decrement))
  }
}
