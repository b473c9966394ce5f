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

  /// A reducer that assigns a number to a `@Triggered` property, and a plain one beside it.
  struct Numbers: Reducer {
    struct State: Equatable, Sendable {
      @Triggered var number = 0
      var plain = 0
      var nested = Nested()
    }
    struct Nested: Equatable, Sendable {
      @Triggered var level = 0
    }
    enum Action: Equatable, Sendable { case assign(Int), assignPlain(Int), raise, settle }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .assign(let number): state.number = number
      case .assignPlain(let number): state.plain = number
      case .raise: state.nested.level = 1
      case .settle: state.nested.level = -1
      }
      return .none
    }
  }

  @Test func valuesOfATriggeredPropertyReportEveryAssignment() async {
    let store = Store(initialState: Numbers.State(), reducer: Numbers())
    let numbers = store.values(of: \.number)
    let levels = store.values(of: \.nested.level)
    for action in [Numbers.Action.assign(10), .assign(10), .assignPlain(5), .assign(20), .raise, .raise, .assign(20)] {
      store.send(action)
    }
    // A last distinct value ends each reading, so a dropped repeat fails instead of waiting.
    store.send(.assign(-1))
    // The plain property's change is not an assignment of `number`: no value for it.
    #expect(await Self.values(from: numbers, until: -1) == [0, 10, 10, 20, 20, -1])
    // A nested trigger reports both raises, and nothing for the other properties' changes.
    store.send(.settle)
    #expect(await Self.values(from: levels, until: -1) == [0, 1, 1, -1])
  }

  @Test func valuesOfAPlainPropertySkipRepeats() async {
    let store = Store(initialState: Numbers.State(), reducer: Numbers())
    let plain = store.values(of: \.plain)
    for action in [Numbers.Action.assignPlain(1), .assignPlain(1), .assign(3), .assignPlain(2), .assignPlain(-1)] {
      store.send(action)
    }
    #expect(await Self.values(from: plain, until: -1) == [0, 1, 2, -1])
  }

  /// The values a sequence yields, up to and including `last`.
  private static func values<Values: AsyncSequence>(from values: Values, until last: Values.Element) async -> [Values.Element]
  where Values.Element: Equatable, Values.Failure == Never {
    var seen: [Values.Element] = []
    for await value in values {
      seen.append(value)
      if value == last { break }
    }
    return seen
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

