import CasePaths
import Sluice
import SluiceCasePaths
import Testing

/// `store.send(\.case, value)`: the action a case key path names, sent as if written out.
@MainActor
@Suite struct KeyPathSendTests {
  struct Counter: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var step = 1
    }

    @CasePathable
    enum Action: Equatable, Sendable {
      case increment
      case setStep(Int)
      case rename(first: String, last: String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment: state.count += state.step
      case .setStep(let step): state.step = step
      case .rename: break
      }
      return .none
    }
  }

  @Test func aCaseWithAPayloadIsSentWithIt() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    store.send(\.setStep, 3)
    store.send(\.increment)
    #expect(store.state == Counter.State(count: 3, step: 3))
  }

  @Test func aCaseWithLabelledValuesTakesThemAsATuple() {
    var sent: [Counter.Action] = []
    let store = Store(
      initialState: Counter.State(), reducer: Counter(),
      middleware: [Middleware(name: "record") { action, _ in
        MainActor.assumeIsolated { sent.append(action) }
        return .none
      }])
    store.send(\.rename, (first: "Ada", last: "Lovelace"))
    #expect(sent == [.rename(first: "Ada", last: "Lovelace")])
  }
}
