import Foundation
import Sluice
import Testing

/// `@Ignored`, `@Triggered` and `@CopyOnWrite` in a store's state, and the result builders
/// for effects and middleware.
@MainActor
@Suite struct StateWrapperAndBuilderTests {
  struct Screen: Reducer {
    struct State: Equatable, Sendable, Codable {
      var title = ""
      @Ignored var lastSync = 0
      @Triggered var scrollToTop = false
      @CopyOnWrite var catalogue: [Int] = Array(0..<1_000)
    }

    enum Action: Equatable, Sendable { case sync(Int), logoTapped, rename(String), addProduct(Int), fanOut(Int) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .sync(let time): state.lastSync = time
      case .logoTapped: state.scrollToTop = true
      case .rename(let title): state.title = title
      case .addProduct(let product): state.catalogue.append(product)
      case .fanOut(let count):
        return .concatenate {
          for index in 0..<count { Effect.send(.rename("\(index)")) }
          if count > 1 { Effect.send(.logoTapped) } else { Effect.send(.sync(count)) }
        }
      }
      return .none
    }
  }

  @Test func anIgnoredPropertyTakesNoPartInEquality() {
    var state = Screen.State()
    let before = state
    state.lastSync = 99
    #expect(state == before)
    #expect(state.lastSync == 99)
  }

  @Test func aTriggeredAssignmentOfAnEqualValueIsAChange() {
    var state = Screen.State()
    state.scrollToTop = true
    let once = state
    state.scrollToTop = true
    #expect(state != once)
    #expect(state.$scrollToTop.assignments == 2)
  }

  @Test func theStatesStreamSkipsIgnoredChangesAndReportsTriggers() async {
    let store = Store(initialState: Screen.State(), reducer: Screen())
    var states = store.states.makeAsyncIterator()
    _ = await states.next()  // the current state
    store.send(.sync(1))  // ignored: no new state
    store.send(.logoTapped)
    store.send(.logoTapped)  // equal value, still a change
    let first = await states.next()
    let second = await states.next()
    #expect(first?.$scrollToTop.assignments == 1)
    #expect(second?.$scrollToTop.assignments == 2)
  }

  @Test func aCopyOnWriteValueIsSharedUntilWritten() {
    let original = Screen.State()
    var copy = original
    #expect(copy.$catalogue.sharesStorage(with: original.$catalogue))
    copy.catalogue.append(1_000)
    #expect(!copy.$catalogue.sharesStorage(with: original.$catalogue))
    #expect(original.catalogue.count == 1_000)
    #expect(copy.catalogue.count == 1_001)
  }

  @Test func wrappersEncodeAsTheirValues() throws {
    var state = Screen.State()
    state.lastSync = 5
    state.scrollToTop = true
    state.catalogue = [1, 2]
    let json = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
    #expect(json.contains(#""lastSync":5"#) && json.contains(#""scrollToTop":true"#) && json.contains(#""catalogue":[1,2]"#))
    let decoded = try JSONDecoder().decode(Screen.State.self, from: Data(json.utf8))
    #expect(decoded.lastSync == 5 && decoded.scrollToTop && decoded.catalogue == [1, 2])
  }

  @Test func anEffectListTakesLoopsAndBranches() {
    let store = Store(initialState: Screen.State(), reducer: Screen())
    store.send(.fanOut(3))
    #expect(store.state.title == "2")
    #expect(store.state.scrollToTop)
    store.send(.fanOut(1))
    #expect(store.state.lastSync == 1)
  }

  @Test func middlewareAreListedInATrailingClosure() {
    let seen = Seen()
    let tracksTitles = true
    let store = Store(initialState: Screen.State(), reducer: Screen()) {
      Middleware<Screen.State, Screen.Action>(name: "count") { _, _ in
        MainActor.assumeIsolated { seen.count += 1 }
        return .none
      }
      if tracksTitles {
        Middleware<Screen.State, Screen.Action>(name: "titles") { _, state in
          MainActor.assumeIsolated { seen.titles.append(state.title) }
          return .none
        }
      }
    }
    store.send(.rename("a"))
    #expect(store.middleware.map(\.name) == ["count", "titles"])
    #expect(seen.count == 1 && seen.titles == ["a"])
  }

  @MainActor final class Seen {
    var count = 0
    var titles: [String] = []
  }
}

