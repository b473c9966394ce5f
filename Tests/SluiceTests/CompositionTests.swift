import Sluice
import Testing

private struct Row: Reducer {
  struct State: Equatable, Sendable, Identifiable {
    var id: Int
    var isOn = false
  }

  enum Action: Equatable, Sendable {
    case toggle
    case announce
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle:
      state.isOn.toggle()
      return state.isOn ? .send(.announce) : .none
    case .announce:
      return .none
    }
  }
}

private struct Screen: Reducer {
  enum Mode: Equatable, Sendable {
    case viewing(Row.State)
    case empty
  }

  struct State: Equatable, Sendable {
    var rows: [Row.State] = [Row.State(id: 1), Row.State(id: 2)]
    var detail: Row.State?
    var mode = Mode.viewing(Row.State(id: 9))
    var announcements: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case rows(IdentifiedAction<Int, Row.Action>)
    case detail(Row.Action)
    case mode(Row.Action)
    case dismissDetail
  }

  static let rows = EnumCase<Action, IdentifiedAction<Int, Row.Action>>(embed: Action.rows) {
    if case .rows(let action) = $0 { action } else { nil }
  }
  static let detail = EnumCase<Action, Row.Action>(embed: Action.detail) {
    if case .detail(let action) = $0 { action } else { nil }
  }
  static let mode = EnumCase<Action, Row.Action>(embed: Action.mode) {
    if case .mode(let action) = $0 { action } else { nil }
  }
  static let viewing = EnumCase<Mode, Row.State>(embed: Mode.viewing) {
    if case .viewing(let row) = $0 { row } else { nil }
  }

  var body: some Reducer<State, Action> {
    CombineReducers {
      Scope(state: Self.viewing, action: Self.mode) { Row() }
        .scoped(to: \.mode)
      Reduce<State, Action> { state, action in
        switch action {
        case .rows(.element(let id, .announce)):
          state.announcements.append(id)
        case .dismissDetail:
          state.detail = nil
        default:
          break
        }
        return .none
      }
      .forEach(\.rows, action: Self.rows) { Row() }
      .ifLet(\.detail, action: Self.detail) { Row() }
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

extension Reducer {
  /// Runs this reducer, whose state is a part of a larger state, on that part.
  fileprivate func scoped<Parent>(to path: WritableKeyPath<Parent, State>) -> Reduce<Parent, Action> {
    Reduce { parent, action in reduce(into: &parent[keyPath: path], action: action) }
  }
}

@MainActor
@Suite struct CompositionTests {
  @Test func forEachRoutesAnActionToTheElementWithThatID() async {
    let store = Store(initialState: Screen.State(), reducer: Screen())

    await store.send(.rows(.element(id: 2, action: .toggle))).finish()

    #expect(store.state.rows.map(\.isOn) == [false, true])
    // The child's follow-up comes back wrapped for the same element.
    #expect(store.state.announcements == [2])
  }

  @Test func forEachIgnoresAnUnknownID() {
    let store = Store(initialState: Screen.State(), reducer: Screen())
    store.send(.rows(.element(id: 7, action: .toggle)))
    #expect(store.state == Screen.State())
  }

  @Test func ifLetRunsTheChildOnlyWhileItsStateIsPresent() {
    var initial = Screen.State()
    initial.detail = Row.State(id: 5)
    let store = Store(initialState: initial, reducer: Screen())

    store.send(.detail(.toggle))
    #expect(store.state.detail?.isOn == true)
    store.send(.dismissDetail)
    store.send(.detail(.toggle))
    #expect(store.state.detail == nil)
  }

  @Test func anEnumStateScopeRunsOnlyInItsCase() {
    var initial = Screen.State()
    let store = Store(initialState: initial, reducer: Screen())
    store.send(.mode(.toggle))
    #expect(store.state.mode == .viewing(Row.State(id: 9, isOn: true)))

    initial.mode = .empty
    let emptyStore = Store(initialState: initial, reducer: Screen())
    emptyStore.send(.mode(.toggle))
    #expect(emptyStore.state.mode == .empty)
  }

  @Test func aReducerBuilderSupportsConditions() {
    func reducer(doubling: Bool) -> some Reducer<Int, Int> {
      CombineReducers {
        Reduce<Int, Int> { total, amount in total += amount; return .none }
        if doubling {
          Reduce<Int, Int> { total, amount in total += amount; return .none }
        }
      }
    }
    let plain = Store(initialState: 0, reducer: reducer(doubling: false))
    let doubled = Store(initialState: 0, reducer: reducer(doubling: true))
    plain.send(3)
    doubled.send(3)
    #expect(plain.state == 3)
    #expect(doubled.state == 6)
  }
}
