import Foundation
import Observation
import Sluice
import Testing

private struct Profile: Reducer {
  struct State: Equatable, Sendable {
    var name = "Ada"
    var settings = Settings()
    var visits = 0
  }

  struct Settings: Equatable, Sendable {
    var theme = "light"
  }

  enum Action: Equatable, Sendable {
    case rename(String)
    case visit
    case settings(SettingsAction)
  }

  enum SettingsAction: Equatable, Sendable {
    case setTheme(String)
  }

  static let settingsCase = EnumCase<Action, SettingsAction>(embed: Action.settings) {
    if case .settings(let action) = $0 { action } else { nil }
  }

  var body: some Reducer<State, Action> {
    CombineReducers {
      Scope(state: \.settings, action: Self.settingsCase) {
        Reduce<Settings, SettingsAction> { settings, action in
          switch action {
          case .setTheme(let theme): settings.theme = theme
          }
          return .none
        }
      }
      Reduce<State, Action> { state, action in
        switch action {
        case .rename(let name): state.name = name
        case .visit: state.visits += 1
        case .settings: break
        }
        return .none
      }
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A flag an observation callback can set from any thread.
private final class ChangeFlag: @unchecked Sendable {
  // Safe: `value` is only read or written while holding `lock`.
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}

@MainActor
@Suite struct ObservationTests {
  @Test func statesDropConsecutiveDuplicates() async {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    var states = store.states.makeAsyncIterator()

    store.send(.rename("Ada"))  // no change
    store.send(.visit)
    store.send(.rename("Grace"))
    store.send(.rename("Grace"))  // no change
    store.send(.visit)

    var received: [Profile.State] = []
    for _ in 0..<4 { if let state = await states.next() { received.append(state) } }
    #expect(received.map(\.visits) == [0, 1, 1, 2])
    #expect(received.map(\.name) == ["Ada", "Ada", "Grace", "Grace"])
  }

  @Test func everyConsumerGetsEveryState() async {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    var first = store.states.makeAsyncIterator()
    var second = store.states.makeAsyncIterator()

    store.send(.visit)

    #expect(await first.next()?.visits == 0)
    #expect(await first.next()?.visits == 1)
    #expect(await second.next()?.visits == 0)
    #expect(await second.next()?.visits == 1)
  }

  @Test func valuesOfOnePropertyChangeOnlyWhenItDoes() async {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    var names = store.values(of: \.name).makeAsyncIterator()

    store.send(.visit)
    store.send(.rename("Grace"))
    store.send(.visit)
    store.send(.rename("Linus"))

    #expect(await names.next() == "Ada")
    #expect(await names.next() == "Grace")
    #expect(await names.next() == "Linus")
  }

  @Test func theStoreIsObservable() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let changed = ChangeFlag()
    withObservationTracking { _ = store.state } onChange: { changed.set() }

    store.send(.visit)

    #expect(changed.isSet)
  }

  @Test func aScopedStoreNotifiesOnlyWhenItsSliceChanges() async {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let settings = store.scope(state: \.settings, action: Profile.settingsCase)
    let changed = ChangeFlag()
    withObservationTracking { _ = settings.state } onChange: { changed.set() }
    var states = settings.states.makeAsyncIterator()

    store.send(.visit)
    store.send(.rename("Grace"))
    #expect(!changed.isSet)

    settings.send(.setTheme("dark"))
    #expect(changed.isSet)
    #expect(settings.state.theme == "dark")
    #expect(store.state.settings.theme == "dark")
    #expect(await states.next()?.theme == "light")
    #expect(await states.next()?.theme == "dark")
  }

  @Test func scopesComposeAndEnumCasesRouteActions() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    store.send(.settings(.setTheme("solarized")))
    #expect(store.state.settings.theme == "solarized")
    #expect(store.state.visits == 0)
  }
}
